/* { dg-do run } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   Barriers wait for the target tasks of the team: an explicit barrier,
   the implicit barrier of a worksharing loop and the implicit barrier
   at the end of the parallel region.  Each target nowait sleeps before
   it writes mapped data; after the barrier every thread checks the
   values written by the target tasks of all threads.  */

#include <omp.h>
#include <stdlib.h>
#include <time.h>

#define NT 4
#define NL 16

static void
sleep_ms (int ms)
{
  struct timespec ts = { 0, ms * 1000000L };
  nanosleep (&ts, NULL);
}

int a[NT], b[NL], c[NT];

int
main (void)
{
#pragma omp parallel num_threads(NT)
  {
    int t = omp_get_thread_num ();

#pragma omp target nowait map(tofrom: a[t:1])
    {
      sleep_ms (100);
      a[t] = t + 1;
    }
#pragma omp barrier
    for (int i = 0; i < NT; i++)
      if (a[i] != i + 1)
	abort ();

#pragma omp for schedule(static, 1)
    for (int i = 0; i < NL; i++)
      {
#pragma omp target nowait map(tofrom: b[i:1]) firstprivate(i)
	{
	  sleep_ms (20);
	  b[i] = 2 * i + 1;
	}
      }
    for (int i = 0; i < NL; i++)
      if (b[i] != 2 * i + 1)
	abort ();

#pragma omp target nowait map(tofrom: c[t:1])
    {
      sleep_ms (100);
      c[t] = 10 * t + 3;
    }
  }
  for (int i = 0; i < NT; i++)
    if (c[i] != 10 * i + 3)
      abort ();
  return 0;
}
