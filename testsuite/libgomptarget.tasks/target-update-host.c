/* { dg-do run } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   target nowait -> target update from nowait -> host task, and back:
   host task -> target update to nowait -> target nowait, in four
   threads, each on its own array kept mapped by enter data.  The data
   stays present, so only the update constructs move it: a host task
   that ran before the update (or an update that ran before the region
   that writes the device copy) sees stale values.  */

#include <omp.h>
#include <stdlib.h>
#include <time.h>

#define NT 4
#define N 128

static void
sleep_ms (int ms)
{
  struct timespec ts = { 0, ms * 1000000L };
  nanosleep (&ts, NULL);
}

long a[NT][N];
long sum[NT];
int seen_ok[NT];

int
main (void)
{
  for (int t = 0; t < NT; t++)
    for (int i = 0; i < N; i++)
      a[t][i] = i;

#pragma omp parallel num_threads(NT)
  {
    int t = omp_get_thread_num ();
    long *p = a[t];

#pragma omp target enter data map(to: p[0:N])

    /* Device -> host.  */
#pragma omp target nowait depend(out: p[0:N]) map(tofrom: p[0:N])
    {
      sleep_ms (50);
      for (int i = 0; i < N; i++)
	p[i] = 3 * p[i] + t;
    }
#pragma omp target update from(p[0:N]) nowait depend(inout: p[0:N])
#pragma omp task depend(inout: p[0:N]) firstprivate(p, t)
    {
      int ok = 1;
      for (int i = 0; i < N; i++)
	if (p[i] != 3 * i + t)
	  ok = 0;
      seen_ok[t] = ok;
      /* Host -> device.  */
      sleep_ms (30);
      for (int i = 0; i < N; i++)
	p[i] = -i;
    }
#pragma omp target update to(p[0:N]) nowait depend(inout: p[0:N])
#pragma omp target nowait depend(in: p[0:N]) map(tofrom: p[0:N]) \
		   map(from: sum[t:1])
    {
      long s = 0;
      for (int i = 0; i < N; i++)
	s += p[i];
      sum[t] = s;
    }
    /* Still present: the host copy of the last update stays.  */
#pragma omp target exit data map(delete: p[0:N]) nowait \
			     depend(inout: p[0:N])
#pragma omp taskwait
    if (omp_target_is_present (p, omp_get_default_device ()))
      abort ();
  }

  for (int t = 0; t < NT; t++)
    {
      if (!seen_ok[t] || sum[t] != -(long) N * (N - 1) / 2)
	abort ();
      for (int i = 0; i < N; i++)
	if (a[t][i] != -i)
	  abort ();
    }
  return 0;
}
