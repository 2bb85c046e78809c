/* GOMP_NVPTX_JIT=-O2 sets the JIT linker's optimisation level (GOMP_DEBUG
   says so); a malformed value is reported and ignored.  */

/* { dg-set-target-env-var GOMP_NVPTX_JIT "-O1 -O2" } */
/* { dg-set-target-env-var GOMP_DEBUG "1" } */

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

/* { dg-final { gomptarget-output-includes {nvptx: device 0: linked [0-9]+ PTX object\(s\) in [0-9.]+ ms \(GOMP_NVPTX_JIT: -O2\)} } } */
