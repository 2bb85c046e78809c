/* { dg-do run } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   depend without nowait: a target, target enter data and target update
   with depend clauses wait for the sibling host tasks they depend on
   before they run, and are complete when the directive returns (a later
   host task depending on them needs no further wait).  Also taskwait
   depend(in:) waits for a target nowait depend(out:).  Four threads.  */

#include <omp.h>
#include <stdlib.h>
#include <time.h>

#define NT 4
#define N 32

static void
sleep_ms (int ms)
{
  struct timespec ts = { 0, ms * 1000000L };
  nanosleep (&ts, NULL);
}

int x[NT], y[NT], z[NT][N], w[NT];

int
main (void)
{
#pragma omp parallel num_threads(NT)
  {
    int t = omp_get_thread_num ();
    int *p = z[t];

    /* Host task -> target (undeferred).  */
#pragma omp task depend(out: x[t]) firstprivate(t)
    {
      sleep_ms (50);
      x[t] = 5 + t;
    }
#pragma omp target depend(in: x[t]) map(to: x[t:1]) map(from: y[t:1])
    y[t] = x[t] * 2;
    if (y[t] != 2 * (5 + t))
      abort ();

    /* Host task -> enter data -> target -> update (all undeferred).  */
#pragma omp task depend(out: p[0:N]) firstprivate(p)
    {
      sleep_ms (50);
      for (int i = 0; i < N; i++)
	p[i] = i;
    }
#pragma omp target enter data map(to: p[0:N]) depend(inout: p[0:N])
#pragma omp target map(alloc: p[0:N]) depend(inout: p[0:N])
    for (int i = 0; i < N; i++)
      p[i] += 1000;
#pragma omp task depend(inout: p[0:N]) firstprivate(p)
    {
      /* Still the host values: nothing copied back yet.  */
      for (int i = 0; i < N; i++)
	if (p[i] != i)
	  abort ();
      sleep_ms (30);
    }
#pragma omp target update from(p[0:N]) depend(inout: p[0:N])
    for (int i = 0; i < N; i++)
      if (p[i] != i + 1000)
	abort ();
#pragma omp target exit data map(delete: p[0:N])

    /* target nowait depend(out:) -> taskwait depend(in:).  */
#pragma omp target nowait depend(out: w[t]) map(tofrom: w[t:1])
    {
      sleep_ms (60);
      w[t] = 40 + t;
    }
#pragma omp taskwait depend(in: w[t])
    if (w[t] != 40 + t)
      abort ();
  }
  return 0;
}
