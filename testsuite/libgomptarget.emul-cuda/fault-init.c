/* A failing cuInit (every call, with the error given) leaves the driver
   uninitialised.  */
/* { dg-set-target-env-var GOMPTARGET_EMUL_CUDA_FAIL "cuInit=CUDA_ERROR_SYSTEM_DRIVER_MISMATCH" } */

#include "emul-cuda-test.h"

int
main (void)
{
  load_cuda ();
  int n, v;
  EXPECT (CUDA_ERROR_SYSTEM_DRIVER_MISMATCH, cu.cuInit (0));
  EXPECT (CUDA_ERROR_SYSTEM_DRIVER_MISMATCH, cu.cuInit (0));
  EXPECT (CUDA_ERROR_NOT_INITIALIZED, cu.cuDeviceGetCount (&n));
  CHECK (cu.cuDriverGetVersion (&v));
  const char *s;
  CHECK (cu.cuGetErrorString (CUDA_ERROR_SYSTEM_DRIVER_MISMATCH, &s));
  puts ("ok");
  return 0;
}
