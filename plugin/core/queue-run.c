/* queue-run.c -- running the operations of the plugin core's software
   queues, each to completion, on the thread that needs them done: in turn
   out of the ring, or one at once without entering it when nothing is
   before it.

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

/* A copy run at once of at most this many bytes runs with its queue's
   lock held.  */
#define LOCKED_COPY_MAX 4096

static int
run_op (struct gtc_queue *q, struct op *op)
{
  switch (op->kind)
    {
    case OP_COPY:
    case OP_LAUNCH:
      return vendor_op (q, op);
    case OP_HOST_CALL:
      op->u.call.fn (op->u.call.arg);
      return 0;
    case OP_MARK:
      return 0;
    case OP_WAIT:
      return gtc_event_wait (make_event (op->u.wait.q, op->u.wait.seq));
    }
  return GT_RTL_FAIL;
}

/* Operation SEQ of Q has run, ERR its result (Q's lock held): record it,
   and tell those waiting for it.  */
static inline void
op_ran_locked (struct gtc_queue *q, uint64_t seq, int err)
{
  struct gtc_queue_state *s = q->state;

  if (err && s->failed == 0)
    __atomic_store_n (&s->failed, seq, __ATOMIC_RELEASE);
  GT_ANNOTATE_HAPPENS_BEFORE (&s->completed);
  if (s->nnotes || s->done_sleepers)
    gtc_complete_and_fire_locked (q, seq);
  else
    __atomic_store_n (&s->completed, seq, __ATOMIC_RELEASE);
}

/* This thread stops running Q's operations (Q's lock held): others
   waiting may have to take over.  */
static inline void
hand_over_locked (struct gtc_queue_state *s)
{
  if (s->done_sleepers)
    wake (&s->done_word, INT_MAX);
  if (s->nnotes && s->completed < s->submitted)
    wake (&s->work_word, 1);
}

/* Q's lock held, no thread running Q's operations: run them in order until
   operation UNTIL has completed (or the ring is empty).  */
void
gtc_run_ops_locked (struct gtc_queue *q, uint64_t until)
{
  struct gtc_queue_state *s = q->state;
  struct gtc_queue *outer = gtc_running_queue;

  s->executing = EXEC_RING;
  gtc_running_queue = q;
  while (s->completed < until && s->completed < s->submitted)
    {
      uint64_t seq = s->completed + 1;
      struct op op;
      int err = 0;

      copy_op (&op, &s->ring[seq & (s->cap - 1)]);
      qunlock (s);
      /* After a failure the queue's later operations are skipped: they
	 may depend on what failed.  */
      if (__atomic_load_n (&s->failed, __ATOMIC_ACQUIRE) == 0)
	err = run_op (q, &op);
      if (op.kind == OP_LAUNCH)
	free (op.u.launch.heap_vars);
      qlock (s);
      op_ran_locked (q, seq, err);
    }
  s->executing = EXEC_NONE;
  gtc_running_queue = outer;
  hand_over_locked (s);
}

/* Run OP at once as the next operation of software queue Q, whose lock is
   held (and released meanwhile); its sequence number.  */
uint64_t
gtc_run_at_once_locked (struct gtc_queue *q, struct op *op)
{
  struct gtc_queue_state *s = q->state;
  struct gtc_queue *outer = gtc_running_queue;
  uint64_t seq = s->submitted + 1;
  int err;

  __atomic_store_n (&s->submitted, seq, __ATOMIC_RELEASE);
  if (op->kind == OP_COPY && op->u.copy.size <= LOCKED_COPY_MAX)
    /* A small copy is over in the time others would spin for the lock:
       it runs with the lock held, which saves taking it again.  */
    err = run_op (q, op);
  else
    {
      s->executing = EXEC_AT_ONCE;
      qunlock (s);
      gtc_running_queue = q;
      err = run_op (q, op);
      gtc_running_queue = outer;
      qlock (s);
      s->executing = EXEC_NONE;
    }
  op_ran_locked (q, seq, err);
  hand_over_locked (s);
  return seq;
}
