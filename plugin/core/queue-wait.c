/* queue-wait.c -- waiting for and querying the events, queues and devices
   of the plugin core: a thread waiting for an operation of a software queue
   runs the queue's operations itself.

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

/* ---- Waiting.  ---- */

void
gtc_hardware_sync (struct gtc_queue *q)
{
  struct gtc_queue_state *s = q->state;
  uint64_t upto = __atomic_load_n (&s->submitted, __ATOMIC_ACQUIRE);
  int err;

  if (GT_UNLIKELY (gtc_profiling))
    gtc_profile_drain_sync (q, false);
  err = gtc_vendor.sync (q);
  qlock (s);
  if (err && s->failed == 0)
    __atomic_store_n (&s->failed, s->completed + 1, __ATOMIC_RELEASE);
  gtc_complete_and_fire_locked (q, upto);
  qunlock (s);
  if (GT_UNLIKELY (gtc_profiling))
    gtc_profile_drain_sync (q, true);
}

/* Wait until operation SEQ of the software queue Q has completed.  */
static void
queue_wait_slow (struct gtc_queue *q, uint64_t seq)
{
  struct gtc_queue_state *s = q->state;
  bool polled = false;

  /* An operation of Q waiting for Q's later ones (the program exiting
     from device code, say) would wait for ever.  */
  if (gtc_running_queue == q)
    return;
  qlock (s);
  while (s->completed < seq)
    if (!s->executing)
      gtc_run_ops_locked (q, seq);
    else if (!polled)
      {
	/* The operation may be about done on the worker.  */
	polled = true;
	poll_for (s, &s->completed, seq, QUEUE_POLLS, false);
      }
    else
      sleep_on (s, &s->done_word, &s->done_sleepers);
  qunlock (s);
}

/* Operation SEQ of Q has completed: 0 if it and those before it
   succeeded.  */
static inline int
outcome (const struct gtc_queue *q, uint64_t seq)
{
  uint64_t failed = __atomic_load_n (&q->state->failed, __ATOMIC_ACQUIRE);

  return failed && failed <= seq ? GT_RTL_FAIL : GT_RTL_SUCCESS;
}

/* gtc_queue_wait, inline for the waits here.  */
static inline int
queue_wait (struct gtc_queue *q, uint64_t seq)
{
  if (GT_UNLIKELY (completed (q) < seq))
    {
      if (gtc_vendor.hardware_queues)
	gtc_hardware_sync (q);
      else
	queue_wait_slow (q, seq);
      /* Waiting from inside Q's own operations cannot end.  */
      if (completed (q) < seq)
	return GT_RTL_FAIL;
    }
  return outcome (q, seq);
}

int
gtc_queue_wait (struct gtc_queue *q, uint64_t seq)
{
  return queue_wait (q, seq);
}

int
gtc_event_wait (tgt_event_t event)
{
  uint64_t seq;
  struct gtc_queue *q;

  if (event == NULL)
    return 0;
  q = checked_event_queue (event, &seq);
  if (q == NULL)
    return GT_RTL_FAIL;
  return queue_wait (q, seq);
}

int
gtc_event_query (tgt_event_t event)
{
  uint64_t seq;
  struct gtc_queue *q = checked_event_queue (event, &seq);

  if (q == NULL)
    return GT_RTL_FAIL;
  return completed (q) < seq ? 1 : outcome (q, seq);
}

int
gtc_device_wait (struct gtc_device *dev)
{
  size_t i;
  int err = 0;

  for (i = 0; i < gtc_max_queues_per_device; i++)
    {
      struct gtc_queue *q = __atomic_load_n (&dev->queues[i],
					     __ATOMIC_ACQUIRE);
      if (q != NULL
	  && queue_wait (q, __atomic_load_n (&q->state->submitted,
					     __ATOMIC_ACQUIRE)) != 0)
	err = GT_RTL_FAIL;
    }
  return err;
}

int
gtc_device_query (struct gtc_device *dev)
{
  size_t i;

  for (i = 0; i < gtc_max_queues_per_device; i++)
    {
      struct gtc_queue *q = __atomic_load_n (&dev->queues[i],
					     __ATOMIC_ACQUIRE);
      if (q != NULL
	  && (__atomic_load_n (&q->state->issuing, __ATOMIC_ACQUIRE)
	      || completed (q) < __atomic_load_n (&q->state->submitted,
						  __ATOMIC_ACQUIRE)))
	return 1;
    }
  return 0;
}
