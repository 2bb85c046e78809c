/* gt-lock.c -- the slow path of the one lock (gt-lock.h): spin a little,
   yield the processor a few times, then sleep on the futex.

   Why yield.  The front end's locks are held briefly (the device lock,
   taken twice by a region with one scalar map(tofrom:), for about 35 ns
   each, 80 under contention), but more threads than cores may launch at
   once (bench/two-threads.c, eight threads on two cores), and a holder is
   often preempted: it waits on a run queue, as a rule behind the very
   threads that wait for it.  Spinning does not let it run.  Measured
   with both cores to the eight threads: spinning 100 pauses (about
   2.3 us here) before sleeping, they spent 1.0-1.8 us of processor time
   per region, most of it spinning, against 0.13 us for one thread alone;
   yielding instead (3 to 20 times before sleeping), 0.36-0.40 us, and
   each thread's time per region was 3-4 times less.  A yield gives the
   core to another thread, the holder among them, and costs one system
   call when nothing else is runnable.  A few pauses first catch a holder
   that runs on another core and is about to release.  Past a few yields
   the waiter sleeps: on a machine busy with other programs, where a
   yield may give the core away, the threads that sleep leave the lock
   to fewer contenders; there 20 yields cost the eight threads 10-15%
   against the old spin and sleep, 5 yields 5-10%.

   Copyright (C) 2026 The gomptarget authors.

   This file is part of gomptarget.

   gomptarget is free software; you can redistribute it and/or modify it
   under the terms of the GNU General Public License as published by the
   Free Software Foundation; either version 3, or (at your option) any
   later version.

   gomptarget is distributed in the hope that it will be useful, but
   WITHOUT ANY WARRANTY; without even the implied warranty of
   MERCHANTABILITY or FITNESS FOR A PARTICULAR PURPOSE.  See the GNU
   General Public License for more details.

   Under Section 7 of GPL version 3, you are granted additional
   permissions described in the GCC Runtime Library Exception, version
   3.1, as published by the Free Software Foundation.  */

#include "gt-lock.h"

#include <sched.h>

/* Pauses while the holder may be running on another core, about to
   release; then yields; then sleep.  */
#define MUTEX_SPINS 10
#define MUTEX_YIELDS 5

/* Take M if it is free.  */
static inline bool
try_take (gt_mutex_t *m)
{
  int v = 0;

  return (__atomic_load_n (&m->word, __ATOMIC_RELAXED) == 0
	  && __atomic_compare_exchange_n (&m->word, &v, 1, false,
					  __ATOMIC_ACQUIRE, __ATOMIC_RELAXED));
}

void
gt_mutex_wait (gt_mutex_t *m)
{
  int i;

  for (i = 0; i < MUTEX_SPINS; i++)
    {
      gt_cpu_relax ();
      if (try_take (m))
	return;
    }
  for (i = 0; i < MUTEX_YIELDS; i++)
    {
      sched_yield ();
      if (try_take (m))
	return;
    }
  /* Mark it as having sleepers, and sleep until it is free.  */
  while (__atomic_exchange_n (&m->word, 2, __ATOMIC_ACQUIRE) != 0)
    gt_futex_wait (&m->word, 2);
}
