/* nowait-chain.c -- benchmark 6: a chain of 10^4 dependent nowait target
   tasks, each depend(inout: x) map(tofrom: x) x++, created by one thread
   of a parallel region and waited for with taskwait: the cost per task of
   creating, ordering and completing target tasks.

   Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   Usage: nowait-chain [UNUSED [REPETITIONS]]
   Prints per repetition
     rep task NS     nanoseconds per task of the chain, from the first
		     task's creation to the end of the taskwait.  */

#include "bench.h"

#define CHAIN 10000

int
main (int argc, char **argv)
{
  long reps = bench_arg (argc, argv, 2, 7);
  long x = 0;

  bench_where ();
  for (long r = 0; r < reps; r++)
    {
#pragma omp parallel
#pragma omp single
      {
	double t0 = bench_now ();
	for (long i = 0; i < CHAIN; i++)
	  {
#pragma omp target nowait depend(inout: x) map(tofrom: x)
	    x++;
	  }
#pragma omp taskwait
	bench_report ("task", bench_now () - t0, CHAIN);
      }
    }
  BENCH_CHECK (x == CHAIN * reps);
  return 0;
}
