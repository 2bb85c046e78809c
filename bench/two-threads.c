/* two-threads.c -- benchmark 5: two host threads launching empty target
   regions on the same device at once.
   Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   Usage: two-threads [BUDGET_MS [REPETITIONS]]
   Two threads of one parallel region start together after a barrier and
   each runs target regions with one scalar map(tofrom:) of its own
   variable for BUDGET_MS.  Prints "rep region NS" per repetition and
   thread: nanoseconds per region, from that thread's own elapsed time
   and count.  */

#include "bench.h"

#define CHUNK 16

int
main (int argc, char **argv)
{
  double budget = bench_budget (argc, argv, 1, 200);
  long reps = bench_arg (argc, argv, 2, 7);
  int nthreads = 0;
  int ok = 1;

  bench_where ();
#pragma omp parallel num_threads(2) reduction(&&: ok)
  {
    int x = 0;
    long total = 100;
#pragma omp single
    nthreads = omp_get_num_threads ();
    for (long i = 0; i < 100; i++)
      {
#pragma omp target map(tofrom: x)
	x++;
      }
    for (long r = 0; r < reps; r++)
      {
	double t0, t;
	long n = 0;
#pragma omp barrier
	t0 = bench_now ();
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
	total += n;
#pragma omp critical
	bench_report ("region", t, n);
      }
    ok = x == total;
  }
  BENCH_CHECK (nthreads == 2);
  BENCH_CHECK (ok);
  return 0;
}
