/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   The stress matrix's load: THREADS OpenMP threads each run ROUNDS
   constructs of one KIND on the default device, on data of their own
   and on one array that all of them share, and every value is checked.
   Run by stress.exp on every device, for thread counts below and above
   the device's queue count.

   usage: matrix KIND THREADS ROUNDS
     sync    target map(to:) map(tofrom:) regions, waited one by one
     nowait  target nowait regions, several in flight, then taskwait
     depend  chains of target nowait and host tasks joined by depend
     data    target data, enter/exit data and update, waited
   Prints "matrix: ok" and exits 0, or names the first wrong value and
   exits 2 (usage errors: 3).  */

#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define N 32		/* elements of each thread's array */
#define INFLIGHT 8	/* nowait regions between two taskwaits */
#define MAXT 256

static long shared_sum[MAXT];	/* one slot per thread, mapped by all */

static int
report (int t, int r, const char *what, long got, long want)
{
  fprintf (stderr, "matrix: thread %d round %d: %s is %ld, not %ld\n",
	   t, r, what, got, want);
  return 1;
}

/* Regions whose caller waits: map(to:) an array, map(tofrom:) a scalar.  */
static int
run_sync (int t, int rounds)
{
  long a[N], s = t;
  for (int i = 0; i < N; i++)
    a[i] = t + i;
  for (int r = 0; r < rounds; r++)
    {
      long want = s;
      for (int i = 0; i < N; i++)
	want += a[i] + r;
#pragma omp target map(to: a) map(tofrom: s) firstprivate(r)
      for (int i = 0; i < N; i++)
	s += a[i] + r;
      if (s != want)
	return report (t, r, "s", s, want);
      a[r % N]++;
    }
  return 0;
}

/* Several nowait regions in flight, each on a slot of its own.  */
static int
run_nowait (int t, int rounds)
{
  long a[N], out[INFLIGHT];
  for (int i = 0; i < N; i++)
    a[i] = t * 3 + i;
  for (int r = 0; r < rounds; r += INFLIGHT)
    {
      for (int k = 0; k < INFLIGHT; k++)
	{
	  out[k] = -1;
#pragma omp target nowait map(to: a) map(from: out[k:1]) firstprivate(k, r)
	  {
	    long v = 0;
	    for (int i = 0; i < N; i++)
	      v += a[i] * (r + k);
	    out[k] = v;
	  }
	}
#pragma omp taskwait
      for (int k = 0; k < INFLIGHT; k++)
	{
	  long want = 0;
	  for (int i = 0; i < N; i++)
	    want += a[i] * (r + k);
	  if (out[k] != want)
	    return report (t, r + k, "out", out[k], want);
	}
    }
  return 0;
}

/* A chain per thread: device regions and host tasks on one value, in
   the order depend gives them; the shared array's slot of the thread
   is updated in the same chain.  */
static int
run_depend (int t, int rounds)
{
  long v = t, want = t;
  long *sh = shared_sum;
  for (int r = 0; r < rounds; r++)
    {
#pragma omp target nowait map(tofrom: v) depend(inout: v) firstprivate(r)
      v = v * 3 + r;
#pragma omp task depend(inout: v) shared(v) firstprivate(r)
      v -= r / 2;
#pragma omp target nowait map(tofrom: sh[t:1]) depend(in: v) \
		   depend(inout: sh[t:1]) firstprivate(t)
      sh[t] += 1;
      want = want * 3 + r - r / 2;
      want %= 1000003;
#pragma omp task depend(inout: v) shared(v)
      v %= 1000003;
    }
#pragma omp taskwait
  if (v != want)
    return report (t, rounds, "v", v, want);
  if (sh[t] != rounds)
    return report (t, rounds, "shared slot", sh[t], rounds);
  return 0;
}

/* Data constructs: enter data, update to, a region on present data,
   update from, exit data; and a target data construct around regions.  */
static int
run_data (int t, int rounds)
{
  long b[N];
  for (int r = 0; r < rounds; r++)
    {
      for (int i = 0; i < N; i++)
	b[i] = t + r + i;
#pragma omp target enter data map(to: b)
      for (int i = 0; i < N; i++)
	b[i] += 1;
#pragma omp target update to(b)
#pragma omp target map(alloc: b) firstprivate(r)
      for (int i = 0; i < N; i++)
	b[i] *= 2;
      for (int i = 0; i < N; i++)
	b[i] = -7;
#pragma omp target update from(b)
      for (int i = 0; i < N; i++)
	if (b[i] != 2 * (t + r + i + 1))
	  return report (t, r, "b after update from", b[i],
			 2 * (t + r + i + 1));
#pragma omp target exit data map(release: b)
      if (omp_target_is_present (b, omp_get_default_device ())
	  && !omp_is_initial_device ()
	  && omp_get_default_device () != omp_get_initial_device ())
	return report (t, r, "b present after exit data", 1, 0);

      long c = r;
#pragma omp target data map(tofrom: c)
      {
#pragma omp target map(tofrom: c)
	c += 5;
#pragma omp target map(tofrom: c)
	c *= 2;
      }
      if (c != (r + 5) * 2)
	return report (t, r, "c after target data", c, (r + 5) * 2);
    }
  return 0;
}

int
main (int argc, char **argv)
{
  if (argc != 4)
    {
      fprintf (stderr, "usage: matrix sync|nowait|depend|data THREADS"
	       " ROUNDS\n");
      return 3;
    }
  const char *kind = argv[1];
  int threads = atoi (argv[2]), rounds = atoi (argv[3]);
  int (*fn) (int, int);
  if (!strcmp (kind, "sync"))
    fn = run_sync;
  else if (!strcmp (kind, "nowait"))
    fn = run_nowait;
  else if (!strcmp (kind, "depend"))
    fn = run_depend;
  else if (!strcmp (kind, "data"))
    fn = run_data;
  else
    {
      fprintf (stderr, "matrix: unknown kind '%s'\n", kind);
      return 3;
    }
  if (threads < 1 || threads > MAXT || rounds < 1)
    {
      fprintf (stderr, "matrix: bad THREADS or ROUNDS\n");
      return 3;
    }

  int wrong = 0, team = 0;
#pragma omp parallel num_threads(threads) reduction(+: wrong)
  {
#pragma omp single
    team = omp_get_num_threads ();
    wrong += fn (omp_get_thread_num (), rounds);
  }
  if (team != threads)
    {
      fprintf (stderr, "matrix: got %d threads, not %d\n", team, threads);
      return 2;
    }
  if (wrong)
    return 2;
  printf ("matrix: ok (%s, %d threads, %d rounds, device %d of %d)\n",
	  kind, threads, rounds, omp_get_default_device (),
	  omp_get_num_devices ());
  return 0;
}
