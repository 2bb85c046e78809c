/* { dg-do run } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   taskwait waits for target tasks: in four threads, a target nowait
   that sleeps and then writes mapped data, a target exit data nowait
   map(from:), and, inside a host task, a target nowait that is a child
   of that task and is waited for by its taskwait.  After each taskwait
   the host sees the device's values, and the data is unmapped.  */

#include <omp.h>
#include <stdlib.h>
#include <time.h>

#define NT 4
#define N 64

static void
sleep_ms (int ms)
{
  struct timespec ts = { 0, ms * 1000000L };
  nanosleep (&ts, NULL);
}

int v[NT], w[NT][N], u[NT];
int child_ok[NT];

int
main (void)
{
#pragma omp parallel num_threads(NT)
  {
    int t = omp_get_thread_num ();
    int *p = w[t];

#pragma omp target nowait map(tofrom: v[t:1])
    {
      sleep_ms (100);
      v[t] = 1000 + t;
    }
#pragma omp target enter data map(alloc: p[0:N])
#pragma omp target map(alloc: p[0:N])
    for (int i = 0; i < N; i++)
      p[i] = i * t;
#pragma omp target exit data map(from: p[0:N]) nowait
#pragma omp taskwait
    if (v[t] != 1000 + t || omp_target_is_present (p, omp_get_default_device ()))
      abort ();
    for (int i = 0; i < N; i++)
      if (p[i] != i * t)
	abort ();

#pragma omp task firstprivate(t)
    {
#pragma omp target nowait map(tofrom: u[t:1])
      {
	sleep_ms (80);
	u[t] = 7 * t + 1;
      }
#pragma omp taskwait
      child_ok[t] = u[t] == 7 * t + 1;
    }
#pragma omp taskwait
    if (!child_ok[t])
      abort ();
  }
  return 0;
}
