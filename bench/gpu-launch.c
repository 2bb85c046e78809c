/* gpu-launch.c -- GPU benchmark: the latency of an empty kernel, as a
   target region that maps nothing, launched and waited for one at a
   time, and again mapping a scalar; and as nowait regions, a batch
   launched and then waited for.
   Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   Usage: gpu-launch [BUDGET_MS [REPETITIONS]]
   Prints "rep launch NS" (a region waited for), "rep launch-map NS"
   (the same mapping one scalar tofrom: two copies beside the launch) and
   "rep launch-nowait NS" (per region of a batch of 64) for each
   repetition.  Built for
   nvptx; run it linked with -lgomptarget (or LD_PRELOAD) for
   gomptarget's nvptx plugin, or plain for GCC's own.  */

#include "bench.h"

#define CHUNK 16
#define BATCH 64

int
main (int argc, char **argv)
{
  double budget = bench_budget (argc, argv, 1, 300);
  long reps = bench_arg (argc, argv, 2, 7);
  bench_where ();
  /* Warm up: image loading, stream and stack creation.  */
  for (int i = 0; i < 50; i++)
    {
#pragma omp target
      {
      }
    }
  for (long r = 0; r < reps; r++)
    {
      double t0 = bench_now (), t;
      long n = 0;
      do
	{
	  for (int j = 0; j < CHUNK; j++)
	    {
#pragma omp target
	      {
	      }
	    }
	  n += CHUNK;
	}
      while ((t = bench_now () - t0) < budget);
      bench_report ("launch", t, n);
    }
  for (long r = 0; r < reps; r++)
    {
      double t0 = bench_now (), t;
      long n = 0, x = 0;
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
      BENCH_CHECK (x == n);
      bench_report ("launch-map", t, n);
    }
  for (long r = 0; r < reps; r++)
    {
      double t0 = bench_now (), t;
      long n = 0;
      do
	{
#pragma omp parallel num_threads(1)
#pragma omp single
	  {
	    for (int j = 0; j < BATCH; j++)
	      {
#pragma omp target nowait
		{
		}
	      }
#pragma omp taskwait
	  }
	  n += BATCH;
	}
      while ((t = bench_now () - t0) < budget);
      bench_report ("launch-nowait", t, n);
    }
  return 0;
}
