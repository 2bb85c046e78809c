/* GOMPTARGET_EMUL_CUDA_FAULT makes the second launch of a kernel fault
   with an illegal address: the launch itself succeeds (it is
   asynchronous), the next synchronisation reports the fault, and the
   context keeps the error for every later call, as after a real fault,
   until the primary context is released and created anew.  */
/* { dg-set-target-env-var GOMPTARGET_EMUL_CUDA_FAULT {faulty$_omp_fn$0:2} } */

#include "emul-cuda-test.h"

static void
faulty (int *x)
{
#pragma omp target map(tofrom: x[0:1])
  x[0]++;
}

int
main (void)
{
  setup ();
  CUmodule mod = load_image ();
  int x = 0;
  faulty (&x);
  if (strcmp (image->fns[0].name, "faulty$_omp_fn$0") != 0)
    fail ("the kernel is called %s", image->fns[0].name);
  struct launch l = prepare (mod, &last_region, 1, 1);
  CHECK (launch (&l, NULL));
  CHECK (cu.cuCtxSynchronize ());
  CHECK (launch (&l, NULL));
  EXPECT (CUDA_ERROR_ILLEGAL_ADDRESS, cu.cuCtxSynchronize ());
  CUdeviceptr p;
  EXPECT (CUDA_ERROR_ILLEGAL_ADDRESS, cu.cuMemAlloc_v2 (&p, 16));
  EXPECT (CUDA_ERROR_ILLEGAL_ADDRESS, launch (&l, NULL));
  EXPECT (CUDA_ERROR_ILLEGAL_ADDRESS, cu.cuStreamQuery (NULL));
  int back;
  EXPECT (CUDA_ERROR_ILLEGAL_ADDRESS,
	  cu.cuMemcpyDtoH_v2 (&back, l.dev[0], sizeof back));

  /* A new primary context works again.  */
  CHECK (cu.cuDevicePrimaryCtxRelease_v2 (0));
  EXPECT (CUDA_ERROR_CONTEXT_IS_DESTROYED, cu.cuMemAlloc_v2 (&p, 16));
  setup_device (0);
  CHECK (cu.cuMemAlloc_v2 (&p, 16));
  mod = load_image ();
  l = prepare (mod, &last_region, 1, 1);
  CHECK (launch (&l, NULL));
  CHECK (cu.cuCtxSynchronize ());
  finish (&l, &last_region);
  if (x != 1)
    fail ("x = %d after the third launch, expected 1", x);
  puts ("ok");
  return 0;
}
