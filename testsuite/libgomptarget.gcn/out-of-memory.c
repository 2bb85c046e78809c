/* { dg-set-target-env-var GOMPTARGET_EMUL_HSA_MEMORY_MB "64" } */
/* { dg-set-target-env-var GCN_HEAP_SIZE "1048576" } */
/* { dg-shouldfail "out of device memory" } */

/* Mapping more than the device has: a clear error, not a crash.  */

#include "gcn-test.h"

#define N (80 << 20)

int
main (void)
{
  char *big = calloc (N, 1);

  CHECK (big != NULL);
#pragma omp target map(tofrom: big[0:N])
  big[0] = 1;
  printf ("not reached\n");
  return 0;
}

/* { dg-final { gomptarget-output-includes {libgomptarget: gcn: device 0: out of device memory: cannot allocate 83886080 bytes} } } */
/* { dg-final { gomptarget-output-excludes {not reached} } } */
