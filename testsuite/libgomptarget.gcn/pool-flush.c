/* { dg-set-target-env-var GOMP_DEBUG "1" } */
/* { dg-set-target-env-var GOMPTARGET_EMUL_HSA_MEMORY_MB "64" } */
/* { dg-set-target-env-var GCN_HEAP_SIZE "1048576" } */

/* Freed device memory stays in the plugin core's pool for reuse; when
   the device runs out, the pool gives it back and the allocation is
   tried again, so that a program using less than the device has never
   runs out.  */

#include "gcn-test.h"

#define A (36 << 20)
#define B (44 << 20)

int
main (void)
{
  char *a = calloc (A, 1), *b = calloc (B, 1);

  CHECK (a != NULL && b != NULL);
  a[A - 1] = 1;
#pragma omp target enter data map(to: a[0:A])
#pragma omp target exit data map(release: a[0:A])
  /* A's memory is in the pool now; B does not fit beside it.  */
#pragma omp target map(tofrom: b[0:B]) map(to: a[A - 1:1])
  b[B - 1] = a[A - 1] + 1;
  CHECK (b[B - 1] == 2);
  puts ("pool ok");
  return 0;
}

/* { dg-final { gomptarget-output-includes {pool ok} } } */
/* { dg-final { gomptarget-output-includes {succeeded after freeing the cache} } } */
