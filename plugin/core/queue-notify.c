/* queue-notify.c -- completions of the plugin core's queues: recorded, the
   threads waiting for them woken, and told to the front end
   (gtc_completion_callback) where it asked to hear of them
   (gtc_event_notify); on hardware queues, through a host call issued
   behind the work.

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

#include <limits.h>
#include <stdlib.h>

tgt_callback_fct gtc_completion_callback;

/* ---- Completion and notifications.  ---- */

/* Q's lock held: record that every operation up to SEQ has run, wake the
   threads waiting for it, and take the notifications now due into DUE,
   of room DUE_ROOM; return how many (more than DUE_ROOM: call again).  */
static size_t
complete_locked (struct gtc_queue *q, uint64_t seq, struct note *due,
		 size_t due_room)
{
  struct gtc_queue_state *s = q->state;
  size_t i, j, n = 0;

  if (seq > s->completed)
    {
      __atomic_store_n (&s->completed, seq, __ATOMIC_RELEASE);
      if (s->done_sleepers)
	wake (&s->done_word, INT_MAX);
    }
  for (i = j = 0; i < s->nnotes; i++)
    if (s->notes[i].seq <= s->completed && n < due_room)
      due[n++] = s->notes[i];
    else
      s->notes[j++] = s->notes[i];
  s->nnotes = j;
  return n;
}

/* Tell the front end about N completions (no lock held).  */
static void
fire (struct gtc_queue *q, const struct note *due, size_t n)
{
  size_t i;

  for (i = 0; i < n; i++)
    {
      uint64_t failed = __atomic_load_n (&q->state->failed, __ATOMIC_ACQUIRE);
      if (failed && failed <= due[i].seq)
	{
	  /* Already said, by the thread ending the program.  */
	  if (gtc_is_ending ())
	    return;
	  /* Nobody waits to be told: the work of a nowait construct or an
	     asynchronous copy failed, and its results cannot be had.  */
	  gtc_fatal ("device %d: an asynchronous operation failed",
		     (int) q->dev->number);
	}
      if (gtc_completion_callback)
	gtc_completion_callback (due[i].token);
    }
}

/* Q's lock held: record that everything up to SEQ has run and tell the
   front end of what is due, releasing the lock meanwhile.  */
#define DUE_BATCH 16
void
gtc_complete_and_fire_locked (struct gtc_queue *q, uint64_t seq)
{
  struct note due[DUE_BATCH];
  size_t n;

  if (GT_UNLIKELY (gtc_profiling) && gtc_vendor.time_completed != NULL
      && seq > q->state->completed)
    gtc_vendor.time_completed (q, seq);
  while ((n = complete_locked (q, seq, due, DUE_BATCH)) > 0)
    {
      qunlock (q->state);
      fire (q, due, n);
      qlock (q->state);
    }
}

/* ---- Hardware queues.  ---- */

/* A host call issued behind operation SEQ of a queue: ARG is that
   operation's event.  On the driver's thread: hand over to the queue's
   worker (see gtc_queue_state.mark_seen).  */
static void
hardware_mark (void *arg)
{
  uint64_t seq;
  struct gtc_queue *q = event_queue ((tgt_event_t) arg, &seq);
  struct gtc_queue_state *s;

  if (q == NULL)
    return;
  s = q->state;
  __atomic_store_n (&s->mark_seen, seq, __ATOMIC_RELEASE);
  GT_ANNOTATE_ATOMIC (&s->work_word);
  __atomic_add_fetch (&s->work_word, 1, __ATOMIC_RELEASE);
  gt_futex_wake (&s->work_word, 1);
}

/* Q's lock held: issue a host call behind everything submitted to Q.  */
static int
issue_mark_locked (struct gtc_queue *q)
{
  struct gtc_queue_state *s = q->state;
  int err = gtc_vendor.issue_host_call (q, hardware_mark,
					make_event (q, s->submitted));

  if (err == 0)
    {
      s->marked = s->submitted;
      s->mark_in_flight = true;
    }
  return err;
}

/* Does someone want to hear of an operation of Q that no host call
   follows yet (Q's lock held)?  */
static bool
unmarked_notes_locked (const struct gtc_queue_state *s)
{
  size_t i;

  for (i = 0; i < s->nnotes; i++)
    if (s->notes[i].seq > s->marked)
      return true;
  return false;
}

void
gtc_hardware_worker_locked (struct gtc_queue *q)
{
  struct gtc_queue_state *s = q->state;

  for (;;)
    {
      /* Read before looking: a host call after the look changes it, and
	 the sleep below does not begin.  */
      int word = __atomic_load_n (&s->work_word, __ATOMIC_ACQUIRE);

      if (s->stop)
	break;
      if (s->mark_in_flight
	  && __atomic_load_n (&s->mark_seen, __ATOMIC_ACQUIRE) >= s->marked)
	{
	  s->mark_in_flight = false;
	  gtc_complete_and_fire_locked (q, s->marked);
	  continue;
	}
      if (!s->mark_in_flight && unmarked_notes_locked (s))
	{
	  if (issue_mark_locked (q) != 0)
	    {
	      /* Nothing will say that the work ran: wait for it here.  */
	      qunlock (s);
	      gtc_hardware_sync (q);
	      qlock (s);
	    }
	  continue;
	}
      GT_ANNOTATE_ATOMIC (&s->work_word);
      s->worker_sleeping = true;
      qunlock (s);
      gt_futex_wait (&s->work_word, word);
      qlock (s);
      s->worker_sleeping = false;
    }
}

int
gtc_event_notify (tgt_event_t event, tgt_sync_event_t token)
{
  uint64_t seq;
  struct gtc_queue *q = checked_event_queue (event, &seq);
  struct gtc_queue_state *s;
  int err = 0;

  if (q == NULL)
    return GT_RTL_FAIL;
  s = q->state;
  qlock (s);
  if (s->completed >= seq)
    {
      struct note n = { seq, token };
      qunlock (s);
      fire (q, &n, 1);
      return 0;
    }
  if (s->nnotes == s->notes_cap)
    {
      size_t cap = s->notes_cap ? 2 * s->notes_cap : 16;
      struct note *notes = realloc (s->notes, cap * sizeof *notes);
      if (notes == NULL)
	{
	  qunlock (s);
	  gt_plugin_error ("out of host memory");
	  return GT_RTL_FAIL;
	}
      s->notes = notes;
      s->notes_cap = cap;
    }
  s->notes[s->nnotes].seq = seq;
  s->notes[s->nnotes].token = token;
  s->nnotes++;
  if (gtc_vendor.hardware_queues)
    {
      /* A host call behind the work covers everything issued so far;
	 while one is in flight, the worker issues the next once it has
	 run.  */
      if (!s->worker_started && (err = gtc_wake_worker_locked (q)) != 0)
	s->nnotes--;
      else if (s->marked < seq && !s->mark_in_flight
	       && (err = issue_mark_locked (q)) != 0)
	s->nnotes--;
    }
  else if (!s->executing)
    err = gtc_wake_worker_locked (q);
  qunlock (s);
  return err;
}
