/* cuMemAlloc failing with another error than out of memory (injected):
   the CUDA error is reported with the size, then the front end's fatal
   error.  */

/* { dg-set-target-env-var GOMPTARGET_EMUL_CUDA_FAIL "cuMemAlloc=CUDA_ERROR_UNKNOWN" } */
/* { dg-gomptarget-exit-status 1 } */

#include "nvptx-test.h"

int
main (void)
{
  int x[10] = { 1 };
#pragma omp target map(tofrom: x)
  x[0] = 2;
  printf ("not reached: x = %d\n", x[0]);
  return 0;
}

/* { dg-final { gomptarget-output-includes {libgomptarget: nvptx: device 0: cuMemAlloc \([0-9]+ bytes\) failed: CUDA_ERROR_UNKNOWN \(unknown error\)} } } */
/* { dg-final { gomptarget-output-excludes {not reached} } } */
