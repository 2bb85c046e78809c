/* { dg-set-target-env-var GOMP_DEBUG "1" } */
/* { dg-set-target-env-var GCN_NUM_TEAMS "240" } */

/* The LDS (group segment) of a launch: GCC 12 kernels get what their
   code object asks for; GCC 14 kernels share a compute unit's 64 KiB
   between the teams it runs (240 teams on 60 or 104 compute units: 2 or
   4 teams each), never less than the kernel asks for.  */

#include "gcn-test.h"

int
main (void)
{
  int x = 0;

#pragma omp target map(tofrom: x)
  x = 1;
  CHECK (x == 1);
  puts ("lds ok");
  return 0;
}

/* { dg-final { gomptarget-output-includes {lds ok} } } */
/* { dg-final { gomptarget-output-includes {launching main\._omp_fn\.0: [0-9]+ team\(s\) x [0-9]+ thread\(s\), LDS (1536|32768|16384),} } } */
