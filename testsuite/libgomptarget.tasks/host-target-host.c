/* { dg-do run } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   Dependences in both directions between host tasks and target tasks,
   four threads at once: in each thread a host task (out) feeds a target
   nowait (inout), which feeds a host task (inout), which feeds a second
   target nowait (inout), whose result a last host task (in) checks.
   Producers sleep before they write, so a consumer that ran too early
   would see old values; the emulated device has its own memory, so a
   target task must also copy at the time it runs, not when it is
   created.  */

#include <omp.h>
#include <stdlib.h>
#include <time.h>

#define NT 4
#define N 256

static void
sleep_ms (int ms)
{
  struct timespec ts = { 0, ms * 1000000L };
  nanosleep (&ts, NULL);
}

int x[NT][N];
int dev_seen[NT], host_seen[NT], last_ok[NT];

int
main (void)
{
#pragma omp parallel num_threads(NT)
  {
    int t = omp_get_thread_num ();
    int *p = x[t];

#pragma omp task depend(out: p[0:N]) firstprivate(p)
    {
      sleep_ms (50);
      for (int i = 0; i < N; i++)
	p[i] = i;
    }
#pragma omp target nowait depend(inout: p[0:N]) map(tofrom: p[0:N]) \
		   map(from: dev_seen[t:1])
    {
      sleep_ms (30);
      dev_seen[t] = p[N - 1];
      for (int i = 0; i < N; i++)
	p[i] = 2 * p[i] + 1;
    }
#pragma omp task depend(inout: p[0:N]) firstprivate(p, t)
    {
      int ok = 1;
      for (int i = 0; i < N; i++)
	if (p[i] != 2 * i + 1)
	  ok = 0;
      host_seen[t] = ok;
      sleep_ms (20);
      for (int i = 0; i < N; i++)
	p[i] += 100;
    }
#pragma omp target teams distribute parallel for nowait \
		   depend(inout: p[0:N]) map(tofrom: p[0:N])
    for (int i = 0; i < N; i++)
      p[i] *= 3;
#pragma omp task depend(in: p[0:N]) firstprivate(p, t)
    {
      int ok = 1;
      for (int i = 0; i < N; i++)
	if (p[i] != 3 * (2 * i + 101))
	  ok = 0;
      last_ok[t] = ok;
    }
#pragma omp taskwait
  }

  for (int t = 0; t < NT; t++)
    {
      if (dev_seen[t] != N - 1 || !host_seen[t] || !last_ok[t])
	abort ();
      for (int i = 0; i < N; i++)
	if (x[t][i] != 3 * (2 * i + 101))
	  abort ();
    }
  return 0;
}
