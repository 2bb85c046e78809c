/* GOMP_DEBUG=2 on the gcn device: the mapping table at each region's
   entry and exit, the region named by its host function in the front
   end's lines and the plugin's alike, every line starting with
   "gomptarget: ".  */

/* { dg-set-target-env-var GOMP_DEBUG "2" } */
/* { dg-final { gomptarget-output-includes {(^|\n)gomptarget: device 0: mapping table at entry of region work\._omp_fn\.0: 3 key\(s\)\n} } } */
/* { dg-final { gomptarget-output-includes {(^|\n)gomptarget: device 0:   \[0x[0-9a-f]+,0x[0-9a-f]+\) 256 bytes -> 0x[0-9a-f]+, refcount infinite, } } } */
/* { dg-final { gomptarget-output-includes {(^|\n)gomptarget: device 0:   \[0x[0-9a-f]+,0x[0-9a-f]+\) 400 bytes -> 0x[0-9a-f]+, refcount 2, mapped\n} } } */
/* { dg-final { gomptarget-output-includes {(^|\n)gomptarget: launch region work\._omp_fn\.0 on device 0 \(entry 0x[0-9a-f]+, 3 argument} } } */
/* { dg-final { gomptarget-output-includes {(^|\n)gomptarget: gcn: device 0: launching work\._omp_fn\.0} } } */
/* { dg-final { gomptarget-output-includes {(^|\n)gomptarget: device 0: mapping table at exit of region work\._omp_fn\.0: 2 key\(s\)\n} } } */
/* { dg-final { gomptarget-output-count {mapping table at exit of region later\._omp_fn\.0} 1 } } */
/* { dg-final { gomptarget-output-excludes {(^|\n)(?!gomptarget: )[^\n]} } } */

#include "gcn-test.h"

static int table[64];
#pragma omp declare target to(table)

/* Sums A[0:N] in a region inside a target data construct: at the
   region's entry A is counted twice (data and region), S once, TABLE
   is infinite; at its exit S is gone and A is counted once.  */
static int __attribute__ ((noinline))
work (int *a, int n)
{
  int s = 0;
#pragma omp target data map(to: a[0:n])
  {
#pragma omp target map(tofrom: s)
    for (int i = 0; i < n; i++)
      s += a[i] + table[i % 64];
  }
  return s;
}

/* A nowait region: its exit is dumped when it is queued.  */
static void __attribute__ ((noinline))
later (int *y)
{
#pragma omp target map(tofrom: y[0:1]) nowait
  y[0]++;
#pragma omp taskwait
}

int
main (void)
{
  int n = 100, y = 0;
  int *a = malloc (n * sizeof *a);
  for (int i = 0; i < n; i++)
    a[i] = 1;
  if (work (a, n) != n)
    abort ();
  later (&y);
  if (y != 1)
    abort ();
  free (a);
  return 0;
}
