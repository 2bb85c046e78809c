/* queue-lock.h -- the spin lock of a queue's state and the futex sleeps of
   the threads waiting on it (on common/gt-lock.h's futex and pause), for
   the files of the plugin core's queues (queue-internal.h includes it).

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

#ifndef GT_PLUGIN_CORE_QUEUE_LOCK_H
#define GT_PLUGIN_CORE_QUEUE_LOCK_H

#include "gt-lock.h"
#include "gt-valgrind.h"

#include <sched.h>

/* ---- Locking and sleeping.  ---- */

static inline void
qlock (struct gtc_queue_state *s)
{
  unsigned spins = 0;

  while (__atomic_exchange_n (&s->lock, 1, __ATOMIC_ACQUIRE))
    while (__atomic_load_n (&s->lock, __ATOMIC_RELAXED))
      if (++spins % 128 == 0)
	sched_yield ();
      else
	gt_cpu_relax ();
  GT_ANNOTATE_LOCK_ACQUIRED (&s->lock);
}

static inline void
qunlock (struct gtc_queue_state *s)
{
  GT_ANNOTATE_LOCK_RELEASED (&s->lock);
  __atomic_store_n (&s->lock, 0, __ATOMIC_RELEASE);
}

static inline bool
qtrylock (struct gtc_queue_state *s)
{
  return !__atomic_exchange_n (&s->lock, 1, __ATOMIC_ACQUIRE);
}

/* Q's lock held: sleep until *WORD changes from what it is now.  The
   lock is released meanwhile and held again on return.  */
static inline void
sleep_on (struct gtc_queue_state *s, int *word, int *sleepers)
{
  int v;

  /* The futex words are only read and written atomically (and by the
     kernel).  */
  GT_ANNOTATE_ATOMIC (word);
  v = __atomic_load_n (word, __ATOMIC_RELAXED);
  if (sleepers)
    (*sleepers)++;
  qunlock (s);
  gt_futex_wait (word, v);
  qlock (s);
  if (sleepers)
    (*sleepers)--;
}

/* Polls of a word before a thread sleeps: a few microseconds, in which
   the next of a burst of operations saves the sleep and the wake.  */
#define QUEUE_POLLS 256

/* Q's lock held: poll, with the lock released, until *WORD (a counter
   of Q's) reaches TARGET or ROUNDS have passed, each a pause, or a
   yield of the processor if YIELD.  The caller looks at Q again:
   anything may have changed meanwhile.  */
static inline void
poll_for (struct gtc_queue_state *s, const uint64_t *word, uint64_t target,
	  unsigned rounds, bool yield)
{
  unsigned i;

  qunlock (s);
  for (i = 0; i < rounds; i++)
    {
      if (__atomic_load_n (word, __ATOMIC_RELAXED) >= target)
	break;
      if (yield)
	sched_yield ();
      else
	gt_cpu_relax ();
    }
  qlock (s);
}

/* Q's lock held: wake whoever sleeps on WORD.  */
static inline void
wake (int *word, int n)
{
  GT_ANNOTATE_ATOMIC (word);
  __atomic_add_fetch (word, 1, __ATOMIC_RELEASE);
  gt_futex_wake (word, n);
}

#endif /* GT_PLUGIN_CORE_QUEUE_LOCK_H */
