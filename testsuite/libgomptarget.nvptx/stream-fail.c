/* cuStreamCreate failing (injected): the CUDA error is reported and the
   construct cannot be run: fatal.  */

/* { dg-set-target-env-var GOMPTARGET_EMUL_CUDA_FAIL "cuStreamCreate" } */
/* { dg-gomptarget-exit-status 1 } */

#include "nvptx-test.h"

int
main (void)
{
  int x = 1;
#pragma omp target map(tofrom: x)
  x = 2;
  printf ("not reached: x = %d\n", x);
  return 0;
}

/* { dg-final { gomptarget-output-includes {libgomptarget: nvptx: device 0: cuStreamCreate failed: CUDA_ERROR_OUT_OF_MEMORY \(out of memory\)} } } */
/* { dg-final { gomptarget-output-excludes {not reached} } } */
