/* A malformed GOMP_NVPTX_JIT is reported and ignored.  */

/* { dg-set-target-env-var GOMP_NVPTX_JIT "-O9" } */

#include "nvptx-test.h"

int
main (void)
{
  int x = 1;
#pragma omp target map(tofrom: x)
  x = 6;
  CHECK (x == 6, "x = %d", x);
  return 0;
}

/* { dg-final { gomptarget-output-includes {libgomptarget: nvptx: GOMP_NVPTX_JIT='-O9': expected options -O0 to -O4; ignored} } } */
