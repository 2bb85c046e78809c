/* A malformed setting is reported on stderr and cuInit fails.  */
/* { dg-set-target-env-var GOMPTARGET_EMUL_CUDA_CC "eight" } */
/* { dg-final { gomptarget-output-includes {emulated libcuda.so.1: GOMPTARGET_EMUL_CUDA_CC='eight': expected compute capabilities} } } */

#include "emul-cuda-test.h"

int
main (void)
{
  load_cuda ();
  EXPECT (CUDA_ERROR_INVALID_VALUE, cu.cuInit (0));
  puts ("ok");
  return 0;
}
