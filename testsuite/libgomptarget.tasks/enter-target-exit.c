/* { dg-do run } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   host task (out) -> target enter data nowait depend(inout) -> target
   nowait depend(inout) -> target exit data nowait depend(in) -> host
   task depend(inout), in four threads.  The region only maps alloc: if enter
   data ran late the region would work on uninitialised device memory
   and lose its result; if exit data ran early the host would get the
   values from before the region.  */

#include <omp.h>
#include <stdlib.h>
#include <time.h>

#define NT 4
#define N 200

static void
sleep_ms (int ms)
{
  struct timespec ts = { 0, ms * 1000000L };
  nanosleep (&ts, NULL);
}

int a[NT][N];
int ok_after[NT];

int
main (void)
{
  for (int t = 0; t < NT; t++)
    for (int i = 0; i < N; i++)
      a[t][i] = -1;

#pragma omp parallel num_threads(NT)
  {
    int t = omp_get_thread_num ();
    int *p = a[t];

#pragma omp task depend(out: p[0:N]) firstprivate(p, t)
    {
      sleep_ms (40);
      for (int i = 0; i < N; i++)
	p[i] = i + t;
    }
#pragma omp target enter data map(to: p[0:N]) nowait depend(inout: p[0:N])
#pragma omp target nowait map(alloc: p[0:N]) depend(inout: p[0:N])
    {
      sleep_ms (40);
      for (int i = 0; i < N; i++)
	p[i] = 2 * p[i] + 1;
    }
#pragma omp target exit data map(from: p[0:N]) nowait depend(in: p[0:N])
#pragma omp task depend(inout: p[0:N]) firstprivate(p, t)
    {
      int ok = 1;
      for (int i = 0; i < N; i++)
	if (p[i] != 2 * (i + t) + 1)
	  ok = 0;
      ok_after[t] = ok
		    && !omp_target_is_present (p, omp_get_default_device ());
    }
#pragma omp taskwait
  }

  for (int t = 0; t < NT; t++)
    if (!ok_after[t])
      abort ();
  return 0;
}
