/* queue-submit.c -- queueing an operation on a device (gtc_submit), the
   launch path, and running one at once (gtc_run_now): the queue it goes
   to (the thread's home queue, made on first use), the operation made
   from its descriptor, its dependences on other queues turned into waits,
   and the operation run at once, put in the ring or issued to the
   vendor's hardware queue.  One file, so that the path inlines as one
   function.

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

#include <stdlib.h>

/* A copy run at once of at most this many bytes runs with its queue's
   lock held.  */
#define LOCKED_COPY_MAX 4096

/* Which queue of a device a thread uses by default, + 1 (0: not chosen
   yet).  */
static GTC_TLS unsigned home_slot;
static unsigned next_home_slot;

/* ---- The queue of an operation.  ---- */

/* The queue of DEV in the calling thread's slot, made now.  */
static struct gtc_queue *
make_home_queue (struct gtc_device *dev, unsigned slot)
{
  struct gtc_queue *q;

  pthread_mutex_lock (&dev->lock);
  q = dev->queues[slot];
  if (q == NULL)
    {
      q = gtc_queue_new (dev);
      GT_ANNOTATE_HAPPENS_BEFORE (&dev->queues[slot]);
      __atomic_store_n (&dev->queues[slot], q, __ATOMIC_RELEASE);
    }
  pthread_mutex_unlock (&dev->lock);
  return q;
}

static inline struct gtc_queue *
home_queue (struct gtc_device *dev)
{
  unsigned slot = home_slot;
  struct gtc_queue *q;

  if (GT_UNLIKELY (slot == 0))
    slot = home_slot = __atomic_fetch_add (&next_home_slot, 1,
					   __ATOMIC_RELAXED)
			 % gtc_max_queues_per_device + 1;
  q = __atomic_load_n (&dev->queues[slot - 1], __ATOMIC_ACQUIRE);
  if (GT_LIKELY (q != NULL))
    {
      GT_ANNOTATE_HAPPENS_AFTER (&dev->queues[slot - 1]);
      return q;
    }
  return make_home_queue (dev, slot - 1);
}

struct gtc_queue *
gtc_home_queue (struct gtc_device *dev)
{
  return home_queue (dev);
}

/* ---- Submitting.  ---- */

/* The operation of D, in OP; false (with a message) on failure.  A
   launch's arguments are copied (the caller's array is free again once
   the operation is queued), unless BORROW: then OP uses the caller's
   array, and must be run before the caller returns.  */
static bool
make_op (const struct gtc_op_desc *d, struct op *op, bool borrow)
{
  op->kind = (unsigned char) d->kind;
  op->nvars = 0;
  switch (d->kind)
    {
    case GTC_OP_COPY:
      op->dir = (unsigned char) d->dir;
      op->u.copy.dst = d->dst;
      op->u.copy.src = d->src;
      op->u.copy.size = d->size;
      op->u.copy.peer = d->peer;
      break;
    case GTC_OP_LAUNCH:
      op->u.launch.entry = d->kernel;
      op->u.launch.num_teams = d->num_teams;
      op->u.launch.thread_limit = d->thread_limit;
      op->u.launch.heap_vars = NULL;
      op->nvars = d->nvars;
      if (borrow)
	op->u.launch.heap_vars = d->vars;
      else if (d->nvars > 0)
	{
	  void **v = op->vars;
	  if (d->nvars > INLINE_VARS)
	    {
	      v = op->u.launch.heap_vars = malloc (d->nvars * sizeof *v);
	      if (v == NULL)
		{
		  gt_plugin_error ("out of host memory queueing a launch");
		  return false;
		}
	    }
	  memcpy (v, d->vars, d->nvars * sizeof *v);
	}
      break;
    case GTC_OP_HOST_CALL:
      op->u.call.fn = d->fn;
      op->u.call.arg = d->arg;
      break;
    case GTC_OP_MARK:
      break;
    }
  return true;
}

/* May OP run at once on the calling thread, on software queue S (lock
   held)?  When nothing is queued before it or running: a copy or a host
   call, which saves queueing it, and the launch of a construct whose
   caller waits for it (other launches go to the ring, which the queue's
   worker runs at once: a nowait region runs apart).  D is the descriptor
   OP was made from, whose caller_waits only a launch's has.  */
static inline bool
runs_at_once (const struct gtc_queue_state *s, const struct op *op,
	      const struct gtc_op_desc *d)
{
  return (op->kind != OP_LAUNCH || d->caller_waits) && !s->executing
	 && s->completed == s->submitted && s->failed == 0;
}



/* Run OP at once as the next operation of software queue Q, whose lock is
   held (and released meanwhile); its sequence number.  */
static uint64_t
run_at_once_locked (struct gtc_queue *q, struct op *op)
{
  struct gtc_queue_state *s = q->state;
  struct gtc_queue *outer = gtc_running_queue;
  uint64_t seq = s->submitted + 1;
  int err;

  __atomic_store_n (&s->submitted, seq, __ATOMIC_RELEASE);
  if (op->kind == OP_COPY && op->u.copy.size <= LOCKED_COPY_MAX)
    /* A small copy is over in the time others would spin for the lock:
       it runs with the lock held, which saves taking it again.  */
    err = gtc_run_op (q, op, seq);
  else
    {
      s->executing = EXEC_AT_ONCE;
      qunlock (s);
      gtc_running_queue = q;
      err = gtc_run_op (q, op, seq);
      gtc_running_queue = outer;
      qlock (s);
      s->executing = EXEC_NONE;
    }
  op_ran_locked (q, seq, err);
  hand_over_locked (s);
  return seq;
}

/* The calling thread is in gtc_run_now: what it queues has no event the
   front end knows of (GOMPTARGET_PROFILE draws no arrow to it).  */
static GTC_TLS bool running_now;

static int
issue_op (struct gtc_queue *q, const struct op *op)
{
  switch (op->kind)
    {
    case OP_COPY:
    case OP_LAUNCH:
      return vendor_op (q, op);
    case OP_HOST_CALL:
      return gtc_vendor.issue_host_call (q, op->u.call.fn, op->u.call.arg);
    case OP_MARK:
      return 0;
    case OP_WAIT:
      return gtc_vendor.issue_wait (q, op->u.wait.q);
    }
  return GT_RTL_FAIL;
}

/* Queue OP, made from D, on Q behind the NDEPS events DEPS (Q's lock
   held): waits for those of other queues first.  The sequence number of
   OP, or 0 with a message.  */
static uint64_t
queue_op_locked (struct gtc_queue *q, struct op *op,
		 const struct gtc_op_desc *d, int32_t ndeps,
		 tgt_event_t *deps)
{
  struct gtc_queue_state *s = q->state;
  struct gtc_queue *dq;
  uint64_t seq;
  int32_t i;

  for (i = 0; i < ndeps; i++)
    {
      struct op w;
      if (deps[i] == NULL)
	continue;
      dq = checked_event_queue (deps[i], &seq);
      if (dq == NULL)
	return 0;
      if (dq == q || completed (dq) >= seq)
	continue;
      w.kind = OP_WAIT;
      w.nvars = 0;
      w.u.wait.q = dq;
      w.u.wait.seq = seq;
      if (gtc_vendor.hardware_queues)
	{
	  if (issue_op (q, &w) != 0)
	    return 0;
	  __atomic_store_n (&s->submitted, s->submitted + 1,
			    __ATOMIC_RELEASE);
	}
      else if (gtc_push_locked (s, &w) != 0)
	return 0;
    }
  if (GT_UNLIKELY (gtc_profiling & GT_PROFILE_QUEUE_OPS) && ndeps > 0)
    gtc_profile_depends (q, s->submitted + 1, ndeps, deps);
  if (gtc_vendor.hardware_queues)
    {
      uint64_t when = 0;
      void *token = NULL;
      struct gtc_described desc;
      int err;

      if (GT_UNLIKELY (gtc_profiling)
	  && ((gtc_profiling & GT_PROFILE_QUEUE_OPS)
	      || gtc_profile_timed (q->dev)))
	{
	  /* Taken first: the device starts the operation no earlier.  */
	  when = gtc_profile_clock ();
	  gtc_profile_describe (op, &desc);
	  token = gtc_profile_time_begin (q, &desc);
	  gtc_profile_drain_issue (q, false);
	}
      __atomic_store_n (&s->issuing, true, __ATOMIC_RELEASE);
      err = issue_op (q, op);
      if (!err)
	__atomic_store_n (&s->submitted, s->submitted + 1,
			  __ATOMIC_RELEASE);
      __atomic_store_n (&s->issuing, false, __ATOMIC_RELEASE);
      if (GT_UNLIKELY (when))
	{
	  gtc_profile_issued (q, &desc, running_now ? 0 : s->submitted, when,
			      token, err == 0);
	  gtc_profile_drain_issue (q, true);
	}
      return err ? 0 : s->submitted;
    }
  if (runs_at_once (s, op, d))
    return run_at_once_locked (q, op);
  if (gtc_push_locked (s, op) != 0)
    return 0;
  /* The ring's copy owns the launch's arguments now.  */
  if (op->kind == OP_LAUNCH)
    op->u.launch.heap_vars = NULL;
  /* A launch nobody waits for runs on the queue's worker at once, beside
     the thread that queued it, and so does what is queued behind it.  */
  if ((op->kind == OP_LAUNCH && !d->caller_waits)
      || s->run_until > s->completed)
    {
      s->run_until = s->submitted;
      if (gtc_wake_worker_locked (q) != 0)
	return 0;
    }
  return s->submitted;
}

/* gtc_submit of the launch D without dependences to DEV's hardware
   queues, while the front end records nothing: queue_op_locked's issue
   of it on the thread's home queue, without the operation (the vendor
   has read the arguments once it returns) or what only a dependence or
   a record needs.  Where the caller waits for it at once (D's
   wait_here), the wait is here: gtc_event_wait's, without the event; no
   event when it all succeeded.  */
static int
issue_launch (struct gtc_device *dev, const struct gtc_op_desc *d,
	      tgt_event_t *event)
{
  struct gtc_queue *q = home_queue (dev);
  struct gtc_queue_state *s;
  uint64_t seq;
  int err;

  if (GT_UNLIKELY (q == NULL))
    return GT_RTL_FAIL;
  s = q->state;
  qlock (s);
  __atomic_store_n (&s->issuing, true, __ATOMIC_RELEASE);
  err = gtc_vendor.launch (q, d->kernel, d->vars, d->nvars, d->num_teams,
			   d->thread_limit);
  seq = s->submitted + 1;
  if (!err)
    __atomic_store_n (&s->submitted, seq, __ATOMIC_RELEASE);
  __atomic_store_n (&s->issuing, false, __ATOMIC_RELEASE);
  qunlock (s);
  if (err)
    return GT_RTL_FAIL;
  /* Failed: the launch's event, whose wait reports it.  */
  *event = d->wait_here && gtc_queue_wait (q, seq) == 0 ? NULL
	   : make_event (q, seq);
  return 0;
}

int
gtc_submit (struct gtc_device *dev, const struct gtc_op_desc *d,
	    int32_t ndeps, tgt_event_t *deps, tgt_event_t *event)
{
  struct gtc_queue *q = NULL, *dq;
  struct op op;
  uint64_t seq;
  int32_t i;

  if (GT_UNLIKELY (ndeps < 0 || (ndeps > 0 && deps == NULL)
		   || event == NULL))
    return GT_RTL_FAIL;
  if (gtc_vendor.hardware_queues && d->kind == GTC_OP_LAUNCH && ndeps == 0
      && GT_LIKELY (!gtc_profiling))
    return issue_launch (dev, d, event);
  /* The queue of the first dependence on this device, else the thread's.  */
  for (i = 0; i < ndeps && q == NULL; i++)
    if (deps[i] != NULL && (dq = event_queue (deps[i], &seq)) != NULL
	&& dq->dev == dev)
      q = dq;
  if (q == NULL && (q = home_queue (dev)) == NULL)
    return GT_RTL_FAIL;
  if (!make_op (d, &op, false))
    return GT_RTL_FAIL;
  /* A queued copy's mark, for its record; copies run at once on a
     software queue (gtc_run_now) are not recorded.  */
  if (GT_UNLIKELY (gtc_profiling & GT_PROFILE_QUEUE_OPS)
      && op.kind == OP_COPY)
    op.own = gtc_profile_own ();
  qlock (q->state);
  seq = queue_op_locked (q, &op, d, ndeps, deps);
  qunlock (q->state);
  /* A launch that is not in the ring (run, issued or failed) keeps its
     arguments nowhere else.  */
  if (op.kind == OP_LAUNCH)
    free (op.u.launch.heap_vars);
  if (seq == 0)
    return GT_RTL_FAIL;
  *event = make_event (q, seq);
  return 0;
}

/* gtc_run_now of D on software queue Q when the front end records the
   queue's operations (or D is neither a copy nor a launch): through an
   operation, as the queue runs it.  Out of line: the frame of the
   operation is not the common path's.  */
static int __attribute__ ((noinline))
run_now_as_op (struct gtc_queue *q, const struct gtc_op_desc *d)
{
  struct op op;

  if (!make_op (d, &op, true))
    return GT_RTL_FAIL;
  return gtc_run_op (q, &op, 0) ? GT_RTL_FAIL : 0;
}

int
gtc_run_now (struct gtc_device *dev, const struct gtc_op_desc *d)
{
  struct gtc_queue *q;
  tgt_event_t ev;
  int err;

  if (gtc_vendor.hardware_queues)
    {
      running_now = true;
      err = gtc_submit (dev, d, 0, NULL, &ev);
      running_now = false;
      return err ? err : gtc_event_wait (ev);
    }
  /* The vendor's operations on software queues run on whatever thread
     runs them, this one's as well as the queue's.  */
  if (GT_UNLIKELY ((q = home_queue (dev)) == NULL))
    return GT_RTL_FAIL;
  /* What gtc_run_op does with the operation made from D when the front
     end records no queue operations: straight to the vendor.  */
  if (GT_LIKELY (!(gtc_profiling & GT_PROFILE_QUEUE_OPS)))
    {
      if (d->kind == GTC_OP_COPY)
	return gtc_vendor.copy (q, d->dir, d->dst, d->src, d->size,
				d->peer) ? GT_RTL_FAIL : 0;
      if (d->kind == GTC_OP_LAUNCH)
	return gtc_vendor.launch (q, d->kernel, d->vars, d->nvars,
				  d->num_teams, d->thread_limit)
	       ? GT_RTL_FAIL : 0;
    }
  return run_now_as_op (q, d);
}
