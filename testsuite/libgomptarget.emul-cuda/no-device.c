/* No device: cuInit reports CUDA_ERROR_NO_DEVICE, as the driver does.  */
/* { dg-set-target-env-var GOMPTARGET_EMUL_CUDA_DEVICES "0" } */

#include "emul-cuda-test.h"

int
main (void)
{
  load_cuda ();
  int n;
  EXPECT (CUDA_ERROR_NOT_INITIALIZED, cu.cuDeviceGetCount (&n));
  EXPECT (CUDA_ERROR_NO_DEVICE, cu.cuInit (0));
  EXPECT (CUDA_ERROR_NOT_INITIALIZED, cu.cuDeviceGetCount (&n));
  puts ("ok");
  return 0;
}
