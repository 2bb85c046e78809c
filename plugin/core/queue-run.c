/* queue-run.c -- running the operations of the plugin core's software
   queues, each to completion, in turn out of the ring, on the thread that
   needs them done (a waiting thread or the queue's worker); an operation
   run at once on queueing (queue-submit.c) runs here too.  Under
   GOMPTARGET_PROFILE each operation is timed here and reported to the
   front end (profile_queue_op), on the track of its queue; those of
   hardware queues once known to have run (gtc_profile_drain), with the
   device's own times of them (profile_device_op).

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
		   && s->profile_clock != NULL ? s->profile_on () : 0);
}

uint64_t
gtc_profile_clock (void)
{
  return gt_services ()->profile_clock ();
}

bool
gtc_profile_is_on (void)
{
  return (gtc_profiling & GT_PROFILE_QUEUE_OPS) != 0;
}

bool
gtc_profile_device_times (void)
{
  return (gtc_profiling
	  & (GT_PROFILE_DEVICE_TIMES | GT_PROFILE_OMPT_TIMES)) != 0;
}

/* Does an OMPT tool's trace want DEV's times now?  */
static bool
ompt_timing (const struct gtc_device *dev)
{
  return dev->timing != NULL
	 && __atomic_load_n (dev->timing, __ATOMIC_RELAXED) != 0;
}

bool
gtc_profile_timed (const struct gtc_device *dev)
{
  return (gtc_profiling & GT_PROFILE_DEVICE_TIMES) != 0 || ompt_timing (dev);
}

bool
gtc_profile_copies_timed (const struct gtc_device *dev)
{
  return (gtc_profiling & GT_PROFILE_COPY_TIMES) != 0 || ompt_timing (dev);
}

bool
gtc_profile_own (void)
{
  const struct gt_plugin_services *s = gt_services ();

  return s->profile_own != NULL && s->profile_own () != 0;
}

void
gtc_profile_device_init (struct gtc_device *dev)
{
  const struct gt_plugin_services *s = gt_services ();

  if ((gtc_profiling & GT_PROFILE_OMPT_TIMES) && dev->timing == NULL
      && s->profile_device_timing != NULL)
    dev->timing = s->profile_device_timing (dev->number);
}

void
gtc_profile_console (struct gtc_device *dev, uint64_t bytes, uint64_t start)
{
  const struct gt_plugin_services *s = gt_services ();

  if (s->profile_console != NULL)
    s->profile_console (dev->number, bytes, start, gtc_profile_clock ());
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

void
gtc_profile_describe (const struct op *op, struct gtc_described *d)
{
  static const int32_t copy_kinds[] = {
    [GTC_HOST_TO_DEVICE] = GT_PROFILE_OP_COPY_TO,
    [GTC_DEVICE_TO_HOST] = GT_PROFILE_OP_COPY_FROM,
    [GTC_DEVICE_TO_DEVICE] = GT_PROFILE_OP_COPY_PEER
  };

  d->kind = GT_PROFILE_OP_HOST_CALL;
  d->own = 0;
  d->bytes = 0;
  d->name = NULL;
  d->host_fn = NULL;
  switch (op->kind)
    {
    case OP_COPY:
      d->kind = copy_kinds[op->dir];
      d->bytes = op->u.copy.size;
      if (gtc_profiling & GT_PROFILE_QUEUE_OPS)
	d->own = op->own ? GT_PROFILE_OP_OWN : 0;
      break;
    case OP_LAUNCH:
      d->kind = GT_PROFILE_OP_LAUNCH;
      /* A kernel of an image, or the host function itself on a device
	 that runs host code.  */
      if (gtc_vendor.caps & GT_CAP_HOST_CODE)
	d->host_fn = op->u.launch.entry;
      else
	d->name = ((const struct gtc_kernel *) op->u.launch.entry)->name;
      break;
    case OP_MARK:
      d->kind = -1;
      break;
    case OP_HOST_CALL:
      break;
    case OP_WAIT:
      d->kind = GT_PROFILE_OP_WAIT;
      break;
    }
}

/* Report the operation D describes of Q, whose sequence number is SEQ
   (0: none), which ran from START to END; TIMED: the device's times of
   it are reported next (GT_PROFILE_OP_DEVICE_TIMED).  */
static void
report (struct gtc_queue *q, const struct gtc_described *d, uint64_t seq,
	uint64_t start, uint64_t end, bool timed)
{
  int32_t dep_device = 0;
  uint32_t dep_q = 0;
  uint64_t dep_time;

  /* An OMPT trace alone wants the device's times only.  */
  if (!(gtc_profiling & GT_PROFILE_QUEUE_OPS))
    return;
  ran (q, seq, start + (end - start) / 2, &dep_device, &dep_q, &dep_time);
  if (d->kind < 0)
    return;
  gt_services ()->profile_queue_op (q->dev->number, q->index,
				    d->kind | d->own
				    | (timed ? GT_PROFILE_OP_DEVICE_TIMED : 0),
				    d->bytes, d->name,
				    d->host_fn,
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
  struct gtc_described d;
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
  gtc_profile_describe (op, &d);
  start = gtc_profile_clock ();
  err = run_op (q, op);

  report (q, &d, seq, start, gtc_profile_clock (), false);
  return err;
}

/* An operation issued to a hardware queue, from its issue until it has
   been reported.  Each is put on its queue's list when issued, in the
   queue's order, and reported from there by gtc_profile_drain once it is
   known to have completed: with the device's times (TOKEN), once the
   vendor can read them, its host-side span ending where the device says
   it ended; without (END), once a host call issued behind it has noted
   when it ran (or at once, for an operation that completed when it was
   issued).  The device's times thus cost no host call per operation:
   a host call stops a GPU's queue until a host thread has run it.  Once
   reported, it is kept for the next operation issued to its queue
   (spare_of, free_of), not freed: no allocation per operation.  */
struct issued
{
  struct gtc_queue *q;
  struct gtc_described d;
  uint64_t seq, when;
  void *token;			/* Of the vendor's time_* callbacks.  */
  uint64_t end;			/* Without a token: when it had run (0:
				   not yet).  */
  struct issued *next;
};

/* The operations of each hardware queue issued since the last drain (a
   stack, pushed under the core's lock of the queue: newest first), and
   those the drains took but could not report yet (oldest first), which
   only the thread that holds the queue's DRAINING flag touches.  */
static struct issued *times_of[MAX_QUEUES];
static struct issued *held_head[MAX_QUEUES], *held_tail[MAX_QUEUES];
static char draining[MAX_QUEUES];

/* The records of each hardware queue reported already: put back by the
   drains (a stack, pushed atomically), and those gtc_profile_issued took
   of it all at once, to take one by one (under the core's lock of the
   queue).  As only that takes records off the stack, and the whole of
   it, it needs no lock.  */
static struct issued *free_of[MAX_QUEUES];
static struct issued *spare_of[MAX_QUEUES];

/* When the last operation reported of each hardware queue ended: the next
   one started no earlier.  Written under the queue's DRAINING flag.  */
static uint64_t last_end[MAX_QUEUES];

/* Push I on the stack *TOP.  */
static void
push (struct issued **top, struct issued *i)
{
  struct issued *old = __atomic_load_n (top, __ATOMIC_RELAXED);

  do
    i->next = old;
  while (!__atomic_compare_exchange_n (top, &old, i, true, __ATOMIC_RELEASE,
				       __ATOMIC_RELAXED));
}

/* A record for an operation issued to Q (under the core's lock of Q):
   one reported already, or a new one; NULL: no memory.  */
static struct issued *
issued_new (struct gtc_queue *q)
{
  struct issued *i = spare_of[q->index];

  if (i == NULL)
    i = __atomic_exchange_n (&free_of[q->index], NULL, __ATOMIC_ACQUIRE);
  if (i == NULL)
    return malloc (sizeof *i);
  spare_of[q->index] = i->next;
  return i;
}

void *
gtc_profile_time_begin (struct gtc_queue *q, const struct gtc_described *d)
{
  if (gtc_vendor.time_begin == NULL
      || (d->kind != GT_PROFILE_OP_LAUNCH
	  && d->kind != GT_PROFILE_OP_COPY_TO
	  && d->kind != GT_PROFILE_OP_COPY_FROM
	  && d->kind != GT_PROFILE_OP_COPY_PEER)
      || !gtc_profile_timed (q->dev))
    return NULL;
  return gtc_vendor.time_begin (q, d->kind,
				__atomic_load_n (&q->state->submitted,
						 __ATOMIC_RELAXED));
}

static void drain (struct gtc_queue *q, int depth);

/* How deep drain goes into the queues that the operations it reports
   depended on.  */
#define DRAIN_DEPTH 4

/* Operation SEQ of Q is about to be reported: report first what it was
   queued behind on another queue, which has completed, so that the arrow
   of the dependence finds where that ran.  */
static void
drain_dependence (struct gtc_queue *q, uint64_t seq, int depth)
{
  struct recent *r = __atomic_load_n (&recent_of[q->index], __ATOMIC_ACQUIRE);
  struct recent *e;
  struct gtc_queue *dq;
  uint64_t dep, dseq;

  if (r == NULL || seq == 0 || depth >= DRAIN_DEPTH)
    return;
  e = &r[seq % RECENT];
  if (__atomic_load_n (&e->seq, __ATOMIC_ACQUIRE) == seq
      && (dep = __atomic_load_n (&e->dep, __ATOMIC_RELAXED)) != 0
      && (dq = event_queue ((tgt_event_t) (uintptr_t) dep, &dseq)) != NULL
      && dq != q)
    drain (dq, depth + 1);
}

/* Report I, of Q, which has completed: 0; -1 when it is not known to
   have yet.  */
static int
report_issued (struct gtc_queue *q, struct issued *i, int depth)
{
  const struct gt_plugin_services *svc = gt_services ();
  uint64_t start = i->when, end, dev_start = 0, dev_end = 0;
  uint64_t *last = &last_end[q->index];
  uint64_t t_start = 0, t_end = 0;
  int got = 0;
  bool timed;

  if (i->token != NULL)
    {
      got = gtc_vendor.time_read (q, i->token, &t_start, &t_end, &dev_start,
				  &dev_end);
      if (got < 0)
	return -1;
      i->token = NULL;
      end = got > 0 ? t_end : gtc_profile_clock ();
      /* Its end only, by the host's clock.  */
      if (got == 2)
	got = 0;
    }
  else if ((end = __atomic_load_n (&i->end, __ATOMIC_ACQUIRE)) == 0)
    return -1;
  if (*last > start)
    start = *last;
  if (end < start)
    end = start;
  *last = end;
  drain_dependence (q, i->seq, depth);
  timed = got > 0 && svc->profile_device_op != NULL && i->d.kind >= 0;
  report (q, &i->d, i->seq, start, end, timed);
  if (timed)
    svc->profile_device_op (q->dev->number, q->index, i->d.kind | i->d.own,
			    i->d.name, i->d.host_fn,
			    i->seq ? (uint64_t) (uintptr_t)
				     make_event (q, i->seq) : 0,
			    start, t_start, t_end, dev_start, dev_end);
  return 0;
}

/* Report the operations of Q that have completed, in order; DEPTH:
   how many drains of queues depended on called this one.  A thread that
   finds another draining Q leaves Q to it.  */
static void
drain (struct gtc_queue *q, int depth)
{
  int ix = q->index;
  struct issued *i, *next, *fifo = NULL, *tail = NULL;

  if (__atomic_load_n (&times_of[ix], __ATOMIC_RELAXED) == NULL
      && __atomic_load_n (&held_head[ix], __ATOMIC_RELAXED) == NULL)
    return;
  if (__atomic_exchange_n (&draining[ix], 1, __ATOMIC_ACQUIRE))
    return;
  /* The newest first: turned round.  */
  for (i = __atomic_exchange_n (&times_of[ix], NULL, __ATOMIC_ACQUIRE);
       i != NULL; i = next)
    {
      next = i->next;
      i->next = fifo;
      fifo = i;
      if (tail == NULL)
	tail = i;
    }
  if (fifo != NULL)
    {
      if (held_tail[ix] != NULL)
	held_tail[ix]->next = fifo;
      else
	__atomic_store_n (&held_head[ix], fifo, __ATOMIC_RELAXED);
      held_tail[ix] = tail;
    }
  while ((i = held_head[ix]) != NULL && report_issued (q, i, depth) == 0)
    {
      __atomic_store_n (&held_head[ix], i->next, __ATOMIC_RELAXED);
      if (i->next == NULL)
	held_tail[ix] = NULL;
      push (&free_of[ix], i);
    }
  __atomic_store_n (&draining[ix], 0, __ATOMIC_RELEASE);
}

void
gtc_profile_drain (struct gtc_queue *q)
{
  drain (q, 0);
}

/* The operations issued to each hardware queue since it was last
   drained (counted under the core's lock of the queue, cleared by a
   synchronisation's drain), and how many may be issued before one
   drains all the same, for the queues that are seldom waited for: the
   records of operations not yet reported are held, not reused.  */
static unsigned int issued_undrained[MAX_QUEUES];
#define DRAIN_EVERY 32

/* A drain costs its thread the reading of each operation's times and
   the report of it (some 2000 instructions a region).  Made as a
   synchronisation begins to wait, it costs the program nothing: the
   device has work of the program's to do, and the thread would only
   wait.  Made as an operation is issued, it delays the operation (and,
   on a GPU, a region's host-side issuing is what the device waits for:
   on an H100 a region mapping a scalar has its kernel done before the
   copy back is issued); made after the synchronisation, it adds to the
   time the program waited.  Only where the device's times of copies
   are read by the driver's events (gtc_profile_copies_timed) are the
   drains made there, before each issue and after the synchronisation:
   before that, most events would not have been reached, and each read
   would be a driver call that fails (nvptx-profile.c).  Otherwise the
   records of a queue's last operations stay held until it is waited
   for again, or DRAIN_EVERY more are issued, or it is finished
   (gtc_device_queues_fini).  */
void
gtc_profile_drain_issue (struct gtc_queue *q, bool issued)
{
  int ix = q->index;

  if (gtc_profile_copies_timed (q->dev))
    {
      if (!issued)
	drain (q, 0);
    }
  else if (issued)
    {
      unsigned int n = __atomic_load_n (&issued_undrained[ix],
					__ATOMIC_RELAXED) + 1;

      if (n >= DRAIN_EVERY)
	{
	  n = 0;
	  drain (q, 0);
	}
      __atomic_store_n (&issued_undrained[ix], n, __ATOMIC_RELAXED);
    }
}

void
gtc_profile_drain_sync (struct gtc_queue *q, bool synced)
{
  if (synced == gtc_profile_copies_timed (q->dev))
    {
      /* What the issues counted is drained now (or left to the thread
	 draining Q).  */
      __atomic_store_n (&issued_undrained[q->index], 0, __ATOMIC_RELAXED);
      drain (q, 0);
    }
}

/* The host call issued behind an operation without the device's times:
   note when it ran; the operation is reported by the next drain.  */
static void
issued_done (void *arg)
{
  struct issued *i = arg;

  __atomic_store_n (&i->end, gtc_profile_clock (), __ATOMIC_RELEASE);
}

/* TOKEN of Q will give no times: finish it.  */
static void
drop_token (struct gtc_queue *q, void *token)
{
  uint64_t unused[4];

  if (token != NULL && token != GTC_TIMES_DONE)
    gtc_vendor.time_read (q, token, &unused[0], &unused[1], &unused[2],
			  &unused[3]);
}

void
gtc_profile_issued (struct gtc_queue *q, const struct gtc_described *d,
		    uint64_t seq, uint64_t when, void *token, bool issued)
{
  struct issued *i;

  if (!issued)
    {
      drop_token (q, token);
      return;
    }
  /* The vendor sees every operation the trace records (it may know
     that one completed when issued), those of a device whose times an
     OMPT trace alone wants, and every one it gave a token.  */
  if (gtc_vendor.time_end != NULL
      && (token != NULL || (gtc_profiling & GT_PROFILE_QUEUE_OPS)
	  || gtc_profile_timed (q->dev))
      && d->kind >= 0 && d->kind != GT_PROFILE_OP_HOST_CALL)
    token = gtc_vendor.time_end (q, d->kind, token, q->state->submitted);
  /* An OMPT trace alone wants nothing else of it.  */
  if ((token == NULL || token == GTC_TIMES_DONE)
      && !(gtc_profiling & GT_PROFILE_QUEUE_OPS))
    return;
  if ((i = issued_new (q)) == NULL)
    {
      drop_token (q, token);
      return;
    }
  i->q = q;
  i->d = *d;
  i->seq = seq;
  i->when = when;
  i->token = token == GTC_TIMES_DONE ? NULL : token;
  i->end = token == GTC_TIMES_DONE ? gtc_profile_clock () : 0;
  push (&times_of[q->index], i);
  /* An operation with the device's times, or done already, needs no host
     call to see it end.  */
  if (token == NULL
      && gtc_vendor.issue_host_call (q, issued_done, i) != 0)
    __atomic_store_n (&i->end, gtc_profile_clock (), __ATOMIC_RELEASE);
}

int
gtc_run_op (struct gtc_queue *q, struct op *op, uint64_t seq)
{
  if (__builtin_expect (gtc_profiling & GT_PROFILE_QUEUE_OPS, 0))
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
