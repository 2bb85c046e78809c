/* The program of the GOMP_DEBUG=2 tests (libgomptarget.env/gomp-debug-maps*.c,
   libgomptarget.nvptx/debug-maps.c, libgomptarget.gcn/debug-maps.c): a
   region in a target data construct, with a declare target variable,
   and a nowait region.
   Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1  */

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
