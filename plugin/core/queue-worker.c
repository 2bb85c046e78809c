/* queue-worker.c -- the worker thread of a software queue, started on first
   need, which runs the operations that nobody waits for: a nowait launch
   and what is queued behind it (run_until), and those somebody wants to
   hear about (gtc_event_notify).

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

#include "queue-internal.h"

#include <pthread.h>

/* How often an idle worker yields the processor, looking for work each
   time, before it sleeps.  A thread that queues nowait work one construct
   after another (a chain of depend regions) finds the worker awake and
   wakes no one: where the machine has fewer free processors than busy
   threads (the team's other threads spinning in a barrier, as libgomp's
   do), the worker and that thread share one, and a sleeping worker cost
   the thread two futex wakes a construct.  Yielding gives the processor
   to that thread, and costs a system call each where nothing else runs.
   bench/nowait-chain.c on two processors: 1000-1600 ns a construct
   sleeping at once, 450-1100 yielding 20 times (5: 540-980).  */
#define WORKER_YIELDS 20

/* The furthest operation the worker is to run: one that someone wants to
   hear about, or the last one behind a nowait launch (Q's lock held).  */
static uint64_t
noted_until (const struct gtc_queue_state *s)
{
  uint64_t m = s->run_until;
  size_t i;

  for (i = 0; i < s->nnotes; i++)
    if (s->notes[i].seq > m)
      m = s->notes[i].seq;
  return m;
}

static void *
worker_main (void *arg)
{
  struct gtc_queue *q = arg;
  struct gtc_queue_state *s = q->state;
  bool polled = false;

  qlock (s);
  if (gtc_vendor.hardware_queues)
    {
      gtc_hardware_worker_locked (q);
      qunlock (s);
      return NULL;
    }
  for (;;)
    {
      uint64_t until = 0;
      while (!s->stop
	     && (s->executing || (until = noted_until (s)) <= s->completed))
	{
	  /* The next of a burst of nowait launches finds it awake.  */
	  if (!polled && !s->executing)
	    {
	      /* The lock was released meanwhile: look again (at STOP
		 too) before sleeping.  */
	      polled = true;
	      poll_for (s, &s->submitted, s->submitted + 1, QUEUE_POLLS,
			false);
	      if (s->submitted == s->completed && !s->stop)
		poll_for (s, &s->submitted, s->submitted + 1, WORKER_YIELDS,
			  true);
	      continue;
	    }
	  s->worker_sleeping = true;
	  sleep_on (s, &s->work_word, NULL);
	  s->worker_sleeping = false;
	}
      polled = false;
      if (s->stop)
	break;
      gtc_run_ops_locked (q, until);
    }
  qunlock (s);
  return NULL;
}

/* Q's lock held: make sure Q's worker runs.  */
int
gtc_wake_worker_locked (struct gtc_queue *q)
{
  struct gtc_queue_state *s = q->state;

  if (!s->worker_started)
    {
      int err = pthread_create (&s->worker, NULL, worker_main, q);
      if (err != 0)
	{
	  gt_plugin_error ("cannot start a queue thread (error %d)", err);
	  return GT_RTL_FAIL;
	}
      s->worker_started = true;
    }
  /* A worker that is not asleep looks at the queue again before it
     sleeps (it holds the lock in between).  */
  else if (!s->worker_sleeping)
    return 0;
  wake (&s->work_word, 1);
  return 0;
}
