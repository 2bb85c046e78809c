/* two-threads.c -- benchmark 5: two (or more) host threads launching
   empty target regions on the same device at once.
   Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   Usage: two-threads [BUDGET_MS [REPETITIONS [omp|pthreads [THREADS]]]]
   THREADS threads (default 2) start together and each runs target
   regions with one scalar map(tofrom:) of its own variable for
   BUDGET_MS: the threads of one OpenMP parallel region (omp, the
   default), or POSIX threads outside any parallel region (pthreads).  Prints "rep region NS" per
   repetition and thread: nanoseconds per region, from that thread's own
   elapsed time and count.  */

#include "bench.h"

#include <pthread.h>
#include <string.h>

#define CHUNK 16

/* Launch empty regions for BUDGET, REPS times, calling WAIT (ARG) to
   start each repetition together with the other thread; report the time
   per region; true if every region ran.  */
static int
launch_loop (double budget, long reps, void (*wait) (void *), void *arg)
{
  int x = 0;
  long total = 100;

  for (long i = 0; i < 100; i++)
    {
#pragma omp target map(tofrom: x)
      x++;
    }
  for (long r = 0; r < reps; r++)
    {
      double t0, t;
      long n = 0;
      wait (arg);
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
  return x == total;
}

static void
omp_wait (void *unused)
{
  (void) unused;
#pragma omp barrier
}

static void
pthread_wait (void *barrier)
{
  pthread_barrier_wait (barrier);
}

struct pthread_arg
{
  double budget;
  long reps;
  pthread_barrier_t *barrier;
  int ok;
};

static void *
pthread_main (void *p)
{
  struct pthread_arg *a = p;
  a->ok = launch_loop (a->budget, a->reps, pthread_wait, a->barrier);
  return NULL;
}

static int
run_pthreads (double budget, long reps, int nthreads)
{
  pthread_barrier_t barrier;
  struct pthread_arg *args = calloc (nthreads, sizeof *args);
  pthread_t *threads = calloc (nthreads, sizeof *threads);
  int i, ok = 1;

  if (!args || !threads)
    return 0;
  pthread_barrier_init (&barrier, NULL, nthreads);
  for (i = 0; i < nthreads; i++)
    {
      args[i] = (struct pthread_arg) { budget, reps, &barrier, 0 };
      if (pthread_create (&threads[i], NULL, pthread_main, &args[i]) != 0)
	return 0;
    }
  for (i = 0; i < nthreads; i++)
    {
      pthread_join (threads[i], NULL);
      ok &= args[i].ok;
    }
  pthread_barrier_destroy (&barrier);
  free (args);
  free (threads);
  return ok;
}

int
main (int argc, char **argv)
{
  double budget = bench_budget (argc, argv, 1, 200);
  long reps = bench_arg (argc, argv, 2, 7);
  int want = (int) bench_arg (argc, argv, 4, 2);
  int nthreads = 0;
  int ok = 1;

  bench_where ();
  if (argc > 3 && strcmp (argv[3], "pthreads") == 0)
    {
      BENCH_CHECK (run_pthreads (budget, reps, want));
      return 0;
    }
#pragma omp parallel num_threads(want) reduction(&&: ok)
  {
#pragma omp single
    nthreads = omp_get_num_threads ();
    ok = launch_loop (budget, reps, omp_wait, NULL);
  }
  BENCH_CHECK (nthreads == want);
  BENCH_CHECK (ok);
  return 0;
}
