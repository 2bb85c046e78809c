/* abort in a kernel is a trap: the launch fails with
   CUDA_ERROR_LAUNCH_FAILED at the next synchronisation, what the kernel
   printed before still appears, the rest of the kernel does not run,
   and the context keeps the error.  The program itself goes on.  */
/* { dg-final { gomptarget-output-includes {device: before abort\n} } } */
/* { dg-final { gomptarget-output-excludes {after abort} } } */
/* { dg-final { gomptarget-output-includes {host: still running\n} } } */

#include "emul-cuda-test.h"

static void
region (int *x)
{
#pragma omp target map(tofrom: x[0:2])
  {
    printf ("device: before abort\n");
    if (x[0])
      abort ();
    printf ("device: after abort\n");
    x[1] = 1;
  }
}

int
main (void)
{
  setup ();
  CUmodule mod = load_image ();
  int x[2] = { 1, 0 };
  region (x);
  struct launch l = prepare (mod, &last_region, 1, 1);
  CHECK (launch (&l, NULL));
  EXPECT (CUDA_ERROR_LAUNCH_FAILED, cu.cuCtxSynchronize ());
  CUdeviceptr p;
  EXPECT (CUDA_ERROR_LAUNCH_FAILED, cu.cuMemAlloc_v2 (&p, 8));
  EXPECT (CUDA_ERROR_LAUNCH_FAILED, cu.cuStreamSynchronize (NULL));
  printf ("host: still running\n");
  return 0;
}
