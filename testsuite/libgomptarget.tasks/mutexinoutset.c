/* { dg-do run } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   depend(mutexinoutset:) between target tasks and host tasks: they run
   one at a time, in any order, after the out task before them and
   before the in task after them.  Each task counts itself in a host
   counter while it runs (the target regions reach it through its
   address: the emulated device runs in the host process) and sleeps,
   so two at once are seen.  Each adds its own power of two, so a lost
   update or a missing task shows in the sum.  */

#include <omp.h>
#include <stdint.h>
#include <stdlib.h>
#include <time.h>

#define NTASK 8

static void
sleep_ms (int ms)
{
  struct timespec ts = { 0, ms * 1000000L };
  nanosleep (&ts, NULL);
}

static int busy, overlap;

/* Enter/leave the exclusive part; note any overlap.  */
static void
enter (uintptr_t busyp, uintptr_t overlapp)
{
  if (__atomic_fetch_add ((int *) busyp, 1, __ATOMIC_SEQ_CST) != 0)
    __atomic_store_n ((int *) overlapp, 1, __ATOMIC_SEQ_CST);
}

static void
leave (uintptr_t busyp)
{
  __atomic_fetch_sub ((int *) busyp, 1, __ATOMIC_SEQ_CST);
}

#pragma omp declare target to(sleep_ms, enter, leave)

int
main (void)
{
  long x = -1, final = 0;
  uintptr_t bp = (uintptr_t) &busy, op = (uintptr_t) &overlap;

#pragma omp parallel num_threads(4)
#pragma omp single
  {
#pragma omp task depend(out: x) shared(x)
    {
      sleep_ms (30);
      x = 0;
    }
    for (int k = 0; k < NTASK; k++)
      if (k % 2)
	{
#pragma omp target nowait depend(mutexinoutset: x) map(tofrom: x)
	  {
	    enter (bp, op);
	    sleep_ms (15);
	    x += 1L << k;
	    leave (bp);
	  }
	}
      else
	{
#pragma omp task depend(mutexinoutset: x) shared(x)
	  {
	    enter (bp, op);
	    sleep_ms (15);
	    x += 1L << k;
	    leave (bp);
	  }
	}
#pragma omp task depend(in: x) shared(x, final)
    final = x;
#pragma omp taskwait
  }

  if (overlap || final != (1L << NTASK) - 1 || x != final)
    abort ();
  return 0;
}
