/* cuModuleLoadData failing (injected): the CUDA error is reported, the
   regions run on the host.  */

/* { dg-set-target-env-var GOMPTARGET_EMUL_CUDA_FAIL "cuModuleLoadData" } */

#include "nvptx-test.h"

int
main (void)
{
  int x = 1, initial = -1;
#pragma omp target map(tofrom: x) map(from: initial)
  {
    x = 2;
    initial = omp_is_initial_device ();
  }
  CHECK (x == 2, "x = %d", x);
  printf ("initial %d\n", initial);
  return 0;
}

/* { dg-final { gomptarget-output-includes {libgomptarget: nvptx: device 0: cuModuleLoadData failed: CUDA_ERROR_INVALID_IMAGE \(} } } */
/* { dg-final { gomptarget-output-includes {initial 1} } } */
