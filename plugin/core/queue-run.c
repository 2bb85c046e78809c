/* queue-run.c -- running the operations of the plugin core's software
   queues, each to completion, in turn out of the ring, on the thread that
   needs them done (a waiting thread or the queue's worker); an operation
   run at once on queueing (queue-submit.c) runs here too.  Under
   GOMPTARGET_PROFILE each operation is timed here and reported to the
   front end (profile_queue_op), on the track of its queue.

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
#include "gt-once.h"

#include <stdlib.h>

/* The front end records queue operations: set once, before the first
   device is initialised, and never changed.  */
int gtc_profiling;
static pthread_once_t profiling_once = PTHREAD_ONCE_INIT;
static bool profiling_known;

static void
ask_profiling (void)
{
  const struct gt_plugin_services *s = gt_services ();

  gtc_profiling = (s->profile_on != NULL && s->profile_queue_op != NULL
		   && s->profile_clock != NULL && s->profile_on ());
}

uint64_t
gtc_profile_clock (void)
{
  return gt_services ()->profile_clock ();
}

void
gtc_profile_init (void)
{
  gt_once (&profiling_once, &profiling_known, ask_profiling);
}

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

/* What each queue's recent operations were queued behind (the first
   dependence) and when they ran, for the arrows of dependences: a ring
   of RECENT entries per queue, by sequence number, made when first
   needed.  Written by the thread that queues (SEQ, DEP) and by the one
   that runs or sees completed (RAN, MID) an operation; read by those of
   the operations that depend on it.  */
#define RECENT 64

struct recent
{
  uint64_t seq, dep;		/* Operation SEQ was queued behind DEP.  */
  uint64_t ran, mid;		/* Operation RAN ran around MID.  */
};

static struct recent *recent_of[MAX_QUEUES];

static struct recent *
recent_ring (const struct gtc_queue *q)
{
  struct recent *r = __atomic_load_n (&recent_of[q->index],
				      __ATOMIC_ACQUIRE);
  struct recent *n;

  if (r != NULL || (n = calloc (RECENT, sizeof *n)) == NULL)
    return r;
  if (__atomic_compare_exchange_n (&recent_of[q->index], &r, n, false,
				   __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE))
    return n;
  free (n);
  return r;
}

void
gtc_profile_depends (struct gtc_queue *q, uint64_t seq, int32_t ndeps,
		     tgt_event_t *deps)
{
  struct recent *r = recent_ring (q), *e;
  int32_t i;

  if (r == NULL)
    return;
  for (i = 0; i < ndeps && deps[i] == NULL; i++)
    ;
  e = &r[seq % RECENT];
  __atomic_store_n (&e->dep, i < ndeps ? (uint64_t) (uintptr_t) deps[i] : 0,
		    __ATOMIC_RELAXED);
  __atomic_store_n (&e->seq, seq, __ATOMIC_RELEASE);
}

/* Operation SEQ of Q ran around MID: note it, and find where the one it
   was queued behind ran (*DEP_Q of *DEP_DEVICE, around *DEP_TIME; 0:
   unknown, or the operation just before it on Q, which the order of Q's
   track shows already: the operations of one construct are each queued
   behind the one before).  */
static void
ran (struct gtc_queue *q, uint64_t seq, uint64_t mid, int32_t *dep_device,
     uint32_t *dep_q, uint64_t *dep_time)
{
  struct recent *r = recent_ring (q), *e, *d;
  struct gtc_queue *dq;
  uint64_t dep, dseq;

  *dep_time = 0;
  if (r == NULL || seq == 0)
    return;
  e = &r[seq % RECENT];
  if (__atomic_load_n (&e->seq, __ATOMIC_ACQUIRE) == seq
      && (dep = __atomic_load_n (&e->dep, __ATOMIC_RELAXED)) != 0
      && (dq = event_queue ((tgt_event_t) (uintptr_t) dep, &dseq)) != NULL
      && (dq != q || dseq + 1 != seq)
      && (d = __atomic_load_n (&recent_of[dq->index], __ATOMIC_ACQUIRE))
	 != NULL
      && __atomic_load_n (&d[dseq % RECENT].ran, __ATOMIC_ACQUIRE) == dseq)
    {
      *dep_time = __atomic_load_n (&d[dseq % RECENT].mid, __ATOMIC_RELAXED);
      *dep_q = dq->index;
      *dep_device = dq->dev->number;
    }
  __atomic_store_n (&e->mid, mid, __ATOMIC_RELAXED);
  __atomic_store_n (&e->ran, seq, __ATOMIC_RELEASE);
}

/* Report OP of Q, whose sequence number is SEQ (0: none), which ran
   from START to END.  */
static void
report (struct gtc_queue *q, const struct op *op, uint64_t seq,
	uint64_t start, uint64_t end)
{
  static const int32_t copy_kinds[] = {
    [GTC_HOST_TO_DEVICE] = GT_PROFILE_OP_COPY_TO,
    [GTC_DEVICE_TO_HOST] = GT_PROFILE_OP_COPY_FROM,
    [GTC_DEVICE_TO_DEVICE] = GT_PROFILE_OP_COPY_PEER
  };
  int32_t kind = GT_PROFILE_OP_HOST_CALL, dep_device = 0;
  uint32_t dep_q = 0;
  uint64_t bytes = 0, dep_time;
  const char *name = NULL;
  const void *host_fn = NULL;

  ran (q, seq, start + (end - start) / 2, &dep_device, &dep_q, &dep_time);
  switch (op->kind)
    {
    case OP_COPY:
      kind = copy_kinds[op->dir];
      bytes = op->u.copy.size;
      break;
    case OP_LAUNCH:
      kind = GT_PROFILE_OP_LAUNCH;
      /* A kernel of an image, or the host function itself on a device
	 that runs host code.  */
      if (gtc_vendor.caps & GT_CAP_HOST_CODE)
	host_fn = op->u.launch.entry;
      else
	name = ((const struct gtc_kernel *) op->u.launch.entry)->name;
      break;
    case OP_MARK:
      return;
    case OP_WAIT:
      kind = GT_PROFILE_OP_WAIT;
      break;
    }
  gt_services ()->profile_queue_op (q->dev->number, q->index, kind, bytes,
				    name, host_fn,
				    seq ? (uint64_t) (uintptr_t)
					  make_event (q, seq) : 0,
				    start, end, dep_device, dep_q, dep_time);
}

/* Run OP timed, and report it.  A copy that was not queued (SEQ 0: the
   caller runs it and waits, gtc_run_now) is not: the front end records
   it on the caller's track already, and reading the clock is what a
   record costs most.  */
static int __attribute__ ((noinline))
run_op_profiled (struct gtc_queue *q, struct op *op, uint64_t seq)
{
  uint64_t start;
  int err;

  if (seq == 0 && op->kind == OP_COPY)
    return run_op (q, op);
  if (op->kind == OP_MARK)
    {
      /* Nothing to show, but what depends on it needs its time.  */
      uint64_t t = gtc_profile_clock (), unused_time;
      int32_t unused_device;
      uint32_t unused_q;

      ran (q, seq, t, &unused_device, &unused_q, &unused_time);
      return run_op (q, op);
    }
  start = gtc_profile_clock ();
  err = run_op (q, op);

  report (q, op, seq, start, gtc_profile_clock ());
  return err;
}

/* An operation issued to a hardware queue, until the queue gets past
   it.  */
struct issued
{
  struct gtc_queue *q;
  struct op op;
  uint64_t seq, when;
};

/* When the last operation reported of each hardware queue was seen to
   complete: the next one started no earlier.  Written by the host calls
   of a queue, which run in its order.  */
static uint64_t last_end[MAX_QUEUES];

static void
issued_done (void *arg)
{
  struct issued *i = arg;
  uint64_t end = gtc_profile_clock (), start = i->when;
  uint64_t *last = &last_end[i->q->index];

  if (__atomic_load_n (last, __ATOMIC_RELAXED) > start)
    start = __atomic_load_n (last, __ATOMIC_RELAXED);
  __atomic_store_n (last, end, __ATOMIC_RELAXED);
  report (i->q, &i->op, i->seq, start, end);
  free (i);
}

void
gtc_profile_issued (struct gtc_queue *q, const struct op *op, uint64_t seq,
		    uint64_t when)
{
  struct issued *i;

  if ((i = malloc (sizeof *i)) == NULL)
    return;
  i->q = q;
  i->op = *op;
  i->seq = seq;
  i->when = when;
  if (gtc_vendor.issue_host_call (q, issued_done, i) != 0)
    free (i);
}

int
gtc_run_op (struct gtc_queue *q, struct op *op, uint64_t seq)
{
  if (__builtin_expect (gtc_profiling, 0))
    return run_op_profiled (q, op, seq);
  return run_op (q, op);
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
	err = gtc_run_op (q, &op, seq);
      if (op.kind == OP_LAUNCH)
	free (op.u.launch.heap_vars);
      qlock (s);
      op_ran_locked (q, seq, err);
    }
  s->executing = EXEC_NONE;
  gtc_running_queue = outer;
  hand_over_locked (s);
}
