/* bulk-copy.c -- benchmark 4: map(tofrom:) of 64 MiB against two memcpy
   of the same size.
   Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   Usage: bulk-copy [BUDGET_MS [REPETITIONS]]
   Prints per repetition
     rep tofrom NS   nanoseconds per target region that maps 64 MiB
		     tofrom and touches one element of it
     rep memcpy NS   nanoseconds for two memcpy of 64 MiB (to a buffer
		     that already exists, and back): the bytes a runtime
		     that keeps its device memory has to move
   Each loop runs at least once, however small BUDGET_MS.  */

#include <string.h>
#include "bench.h"

#define BYTES (64L << 20)

int
main (int argc, char **argv)
{
  double budget = bench_budget (argc, argv, 1, 200);
  long reps = bench_arg (argc, argv, 2, 7);
  char *a = malloc (BYTES);
  char *dev = malloc (BYTES);
  long expect = 0;

  if (!a || !dev)
    return 1;
  memset (a, 1, BYTES);
  memset (dev, 2, BYTES);
  bench_where ();

  /* Warm up once.  */
#pragma omp target map(tofrom: a[0:BYTES])
  a[0]++;
  expect++;

  for (long r = 0; r < reps; r++)
    {
      double t0 = bench_now (), t;
      long n = 0;
      do
	{
#pragma omp target map(tofrom: a[0:BYTES])
	  a[0]++;
	  n++;
	}
      while ((t = bench_now () - t0) < budget);
      bench_report ("tofrom", t, n);
      expect += n;

      t0 = bench_now ();
      n = 0;
      do
	{
	  memcpy (dev, a, BYTES);
	  /* Keep the compiler from merging or dropping the copies.  */
	  __asm__ __volatile__ ("" : : "r" (dev) : "memory");
	  memcpy (a, dev, BYTES);
	  __asm__ __volatile__ ("" : : "r" (a) : "memory");
	  n++;
	}
      while ((t = bench_now () - t0) < budget);
      bench_report ("memcpy", t, n);
    }
  BENCH_CHECK ((unsigned char) a[0] == (unsigned char) (1 + expect));
  BENCH_CHECK (a[BYTES - 1] == 1);
  return 0;
}
