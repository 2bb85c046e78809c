/* empty-region.c -- benchmark 1: the cost of an empty target region with
   one scalar map(tofrom:).
   Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   Usage: empty-region [BUDGET_MS [REPETITIONS]]
   Prints "rep region NS" per repetition: nanoseconds per region, each
   region mapping, copying in, running, copying out and unmapping X.  */

#include "bench.h"

#define CHUNK 16

int
main (int argc, char **argv)
{
  double budget = bench_budget (argc, argv, 1, 200);
  long reps = bench_arg (argc, argv, 2, 7);
  long total = 0;
  int x = 0;

  bench_where ();
  /* Warm up: first-touch costs (device initialisation, lazy binding)
     are not what this measures.  */
  for (long i = 0; i < 100; i++)
    {
#pragma omp target map(tofrom: x)
      x++;
    }
  for (long r = 0; r < reps; r++)
    {
      double t0 = bench_now (), t;
      long n = 0;
      do
	{
	  for (int j = 0; j < CHUNK; j++)
	    {
#pragma omp target map(tofrom: x)
	      x++;
	    }
	  n += CHUNK;
	}
      while ((t = bench_now () - t0) < budget);
      bench_report ("region", t, n);
      total += n;
    }
  BENCH_CHECK (x == 100 + total);
  return 0;
}
