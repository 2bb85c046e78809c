/* exit in a kernel, GCC 14's nvptx newlib (4.3 and later): with
   __exitval_ptr not set, _exit calls abort, a trap: the launch fails
   with CUDA_ERROR_LAUNCH_FAILED at the next synchronisation, what
   follows the call does not run, and the context keeps the error.  */
/* { dg-gomptarget-gcc-min 14 } */
/* { dg-final { gomptarget-output-includes {host: still running\n} } } */

#include "emul-cuda-test.h"

static void
region (int *x)
{
#pragma omp target map(tofrom: x[0:2])
  {
    if (x[0])
      exit (3);
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
  printf ("host: still running\n");
  return 0;
}
