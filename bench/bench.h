/* bench.h -- timing and reporting helpers shared by the benchmarks.
   Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   Each benchmark program times its own inner loop with
   clock_gettime (CLOCK_MONOTONIC), repeats it, and prints one line per
   repetition:

     rep METRIC VALUE

   VALUE being nanoseconds per operation.  bench/run-bench takes the
   median of the VALUEs of each METRIC.  A repetition runs its loop in
   chunks until a time budget (milliseconds, the programs' first
   optional argument) has passed, so a slow runtime runs fewer
   iterations instead of taking longer.  Before that the program prints

     where initial=I device=D devices=N

   from a probe target region, so the script can tell whether the
   regions really ran on a device (I == 0) or fell back to the host.  */

#ifndef BENCH_BENCH_H
#define BENCH_BENCH_H

#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <omp.h>

/* The current time in nanoseconds.  */
static inline double
bench_now (void)
{
  struct timespec ts;
  clock_gettime (CLOCK_MONOTONIC, &ts);
  return (double) ts.tv_sec * 1e9 + (double) ts.tv_nsec;
}

/* The time budget of one repetition, in nanoseconds, from milliseconds
   given as the Ith argument (default DFLT_MS).  */
#define bench_budget(argc, argv, i, dflt_ms) \
  ((double) bench_arg (argc, argv, i, dflt_ms) * 1e6)

/* Print one measurement: TOTAL_NS spent on COUNT operations.  */
static inline void
bench_report (const char *metric, double total_ns, long count)
{
  printf ("rep %s %.1f\n", metric, total_ns / (double) count);
  fflush (stdout);
}

/* Run a probe target region on the default device and print where it
   ran.  */
static inline void
bench_where (void)
{
  int initial = -1, devnum = -1;
#pragma omp target map(from: initial, devnum)
  {
    initial = omp_is_initial_device ();
    devnum = omp_get_device_num ();
  }
  printf ("where initial=%d device=%d devices=%d\n", initial, devnum,
	  omp_get_num_devices ());
  fflush (stdout);
}

/* The Ith argument as a positive number, or DFLT if there is none.  */
static inline long
bench_arg (int argc, char **argv, int i, long dflt)
{
  long v;
  if (argc <= i)
    return dflt;
  v = strtol (argv[i], NULL, 10);
  if (v <= 0)
    {
      fprintf (stderr, "%s: bad argument '%s'\n", argv[0], argv[i]);
      exit (2);
    }
  return v;
}

/* Stop with a message if a result is wrong: a benchmark that computes
   nonsense measures nothing.  */
#define BENCH_CHECK(cond)						\
  do									\
    {									\
      if (!(cond))							\
	{								\
	  fprintf (stderr, "%s:%d: check failed: %s\n", __FILE__,	\
		   __LINE__, #cond);					\
	  exit (1);							\
	}								\
    }									\
  while (0)

#endif /* BENCH_BENCH_H */
