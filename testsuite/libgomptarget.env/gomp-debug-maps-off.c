/* { dg-do run } */
/* { dg-set-target-env-var GOMP_DEBUG "1" } */
/* { dg-final { gomptarget-output-includes {(^|\n)gomptarget: launch region work\._omp_fn\.0 on device 0 \(entry 0x[0-9a-f]+, } } } */
/* { dg-final { gomptarget-output-includes {(^|\n)gomptarget: launch region later\._omp_fn\.0 on device 0 } } } */
/* { dg-final { gomptarget-output-excludes {mapping table|refcount} } } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   GOMP_DEBUG=1 names regions by their host function but does not dump
   the mapping table (that takes GOMP_DEBUG=2).  */

#include <stdlib.h>

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
