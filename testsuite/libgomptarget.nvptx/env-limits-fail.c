/* The device heap size cannot be set (cuCtxSetLimit failing, injected):
   the error is reported, and the program goes on with the driver's
   heap.  */

/* { dg-set-target-env-var GOMPTARGET_NVPTX_HEAP_MB "64" } */
/* { dg-set-target-env-var GOMPTARGET_EMUL_CUDA_FAIL "cuCtxSetLimit=CUDA_ERROR_INVALID_VALUE" } */

#include "nvptx-test.h"

int
main (void)
{
  int x = 1;
#pragma omp target map(tofrom: x)
  x = 5;
  CHECK (x == 5, "x = %d", x);
  return 0;
}

/* { dg-final { gomptarget-output-includes {libgomptarget: nvptx: device 0: cannot set the device heap to 64 x 1048576 bytes \(GOMPTARGET_NVPTX_HEAP_MB\): cuCtxSetLimit failed: CUDA_ERROR_INVALID_VALUE} } } */
