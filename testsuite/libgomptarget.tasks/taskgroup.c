/* { dg-do run } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   The end of a taskgroup waits for target tasks created in it, also
   those created by descendant host tasks (which taskwait would not wait
   for), and for target update nowait.  Four threads.  */

#include <omp.h>
#include <stdlib.h>
#include <time.h>

#define NT 4

static void
sleep_ms (int ms)
{
  struct timespec ts = { 0, ms * 1000000L };
  nanosleep (&ts, NULL);
}

int direct[NT], grandchild[NT], upd[NT];

int
main (void)
{
#pragma omp parallel num_threads(NT)
  {
    int t = omp_get_thread_num ();

#pragma omp target enter data map(to: upd[t:1])
#pragma omp target map(alloc: upd[t:1])
    upd[t] = 300 + t;

#pragma omp taskgroup
    {
#pragma omp target nowait map(tofrom: direct[t:1])
      {
	sleep_ms (100);
	direct[t] = 100 + t;
      }
#pragma omp task firstprivate(t)
      {
#pragma omp task firstprivate(t)
	{
#pragma omp target nowait map(tofrom: grandchild[t:1])
	  {
	    sleep_ms (100);
	    grandchild[t] = 200 + t;
	  }
	}
      }
#pragma omp target update from(upd[t:1]) nowait
    }
    if (direct[t] != 100 + t || grandchild[t] != 200 + t
	|| upd[t] != 300 + t)
      abort ();
#pragma omp target exit data map(delete: upd[t:1])
  }
  return 0;
}
