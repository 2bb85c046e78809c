/* queue-internal.h -- what the files of the plugin core's queues share.

   Queues of operations and their completion events, for every plugin.
   A queue runs its operations in order.  An event is the pair
   (queue, sequence number of an operation) packed into the opaque
   tgt_event_t, so events cost no allocation and need no release: an event
   has completed once its queue has completed that many operations.

   Two kinds of queue, chosen by the vendor:
   - software queues (gtc_vendor.hardware_queues false): the core keeps
     the operations in a ring and runs them, each to completion, on the
     first thread that needs them done -- a thread waiting for one of them
     (synchronize) runs them itself, which costs no hand-off; a launch
     nobody waits for (a nowait region), what is queued behind it, and
     work somebody wants to hear about (async_notify) are run by the
     queue's own worker thread, started on first need, so that a nowait
     region runs beside the thread that met it.
   - hardware queues: each operation is issued to the vendor's queue at
     once, in order; the vendor runs them.  The core learns of
     completions from the vendor's synchronisation and from host calls it
     issues behind the operations someone wants to hear about.
   Dependences on other queues become waits: on a software queue a wait
   operation, run in order; on a hardware queue the vendor's device-side
   wait (issue_wait).

   A queue's state is guarded by a spin lock held for a few instructions
   at a time (or a small copy's); threads that must wait for an operation
   run by another sleep on a futex.  The launch path takes no other lock
   and allocates nothing.

   The files:
     queue-table.c    the table of queues, events decoded, fork, teardown;
     queue-submit.c   operations made and queued behind their dependences,
                      on a thread's home queue: run at once, put in the
                      ring, or issued to the vendor's hardware queue;
     queue-ring.c     the ring of a software queue's pending operations;
     queue-run.c      a software queue's operations run in turn;
     queue-worker.c   a software queue's worker thread;
     queue-notify.c   completions recorded and told to the front end;
     queue-wait.c     waiting for and querying events, queues and devices;
     queue-lock.h     the queue's spin lock and futex sleeps.

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

#ifndef GT_PLUGIN_CORE_QUEUE_INTERNAL_H
#define GT_PLUGIN_CORE_QUEUE_INTERNAL_H

#include "plugin-core.h"

#include <limits.h>
#include <stdint.h>
#include <string.h>

/* Events: queue index + 1 in the top bits, the operation's sequence
   number (from 1) in the others.  */
#define SEQ_BITS 48
#define SEQ_MASK ((UINT64_C (1) << SEQ_BITS) - 1)
#define MAX_QUEUES 4096

/* The line size of the caches, for data two threads must not share.  */
#define GTC_CACHE_LINE 64

/* Launch arguments kept in the operation itself, up to this many.  */
#define INLINE_VARS 6

/* Every queue of the plugin, by index (queue-table.c).  */
extern struct gtc_queue *gtc_queue_table[MAX_QUEUES] GTC_HIDDEN;
extern unsigned gtc_num_queues GTC_HIDDEN;

/* Queues per device (GOMPTARGET_QUEUES).  */
extern unsigned gtc_max_queues_per_device GTC_HIDDEN;

/* The queue whose operations this thread is running, if any.  */
extern GTC_TLS struct gtc_queue *gtc_running_queue GTC_HIDDEN;

enum op_kind
{
  OP_COPY = GTC_OP_COPY,
  OP_LAUNCH = GTC_OP_LAUNCH,
  OP_HOST_CALL = GTC_OP_HOST_CALL,
  OP_MARK = GTC_OP_MARK,
  OP_WAIT			/* For queue U.WAIT.Q to reach U.WAIT.SEQ.  */
};

struct op
{
  unsigned char kind;
  unsigned char dir;		/* enum gtc_copy_dir.  */
  bool own;			/* A copy the front end made on its own
				   (GT_PROFILE_OP_OWN): set by gtc_submit
				   while recorded, read only then.  */
  int32_t nvars;
  union
  {
    struct
    {
      void *dst;
      const void *src;
      size_t size;
      struct gtc_device *peer;
    } copy;
    struct
    {
      void *entry;
      void **heap_vars;		/* When NVARS > INLINE_VARS, or the
				   caller's (gtc_run_now).  */
      int32_t num_teams, thread_limit;
    } launch;
    struct
    {
      void (*fn) (void *);
      void *arg;
    } call;
    struct
    {
      struct gtc_queue *q;
      uint64_t seq;
    } wait;
  } u;
  void *vars[INLINE_VARS];
};

/* What a software queue's thread running operations runs.  */
enum executing
{
  EXEC_NONE,			/* No thread runs operations.  */
  EXEC_RING,			/* Operations of the ring, in turn.  */
  EXEC_AT_ONCE			/* Operation COMPLETED+1, which never
				   entered the ring (run_at_once_locked).  */
};

struct note
{
  uint64_t seq;
  tgt_sync_event_t token;
};

struct gtc_queue_state
{
  int lock;			/* The spin lock.  */
  uint64_t submitted;		/* Sequence number of the last operation.  */
  uint64_t completed;		/* Accessed atomically too.  */
  uint64_t failed;		/* First failed operation, 0 if none.  */

  /* Threads sleeping until something completes sleep on DONE_WORD, the
     worker on WORK_WORD; both are bumped before a wake.  */
  int done_word, done_sleepers;
  int work_word;

  /* Software queues.  */
  struct op *ring;		/* Operations COMPLETED+1 .. SUBMITTED at
				   their seq modulo CAP, but for one run
				   at once (EXEC_AT_ONCE).  */
  size_t cap;
  unsigned char executing;	/* enum executing.  */
  pthread_t worker;
  bool worker_started, stop;
  bool worker_sleeping;		/* The worker sleeps on WORK_WORD.  */
  uint64_t run_until;		/* The worker runs the ring up to here:
				   the last operation put in the ring
				   behind a nowait launch.  */

  /* Hardware queues: the last operation a completion host call follows;
     and whether one is being issued, which may run before SUBMITTED
     counts it (a kernel may call the host back, and the host exit):
     gtc_device_query counts it as work not done.  */
  uint64_t marked;
  bool issuing;
  /* At most one completion host call is in flight (MARK_IN_FLIGHT, the
     one behind MARKED): on a GPU the stream waits for the host to run
     each, so one behind every operation of a burst of nowait work would
     stall the device once per operation.  The host call only stores
     MARKED in MARK_SEEN and wakes the queue's worker, which records the
     completion, tells the front end, and issues the next host call for
     the completions asked for meanwhile: a host call runs on a driver's
     thread, which may hold the driver's locks, so it must neither call
     the vendor's API nor wait for Q's lock (whose holder may be in such
     a call).  */
  bool mark_in_flight;
  uint64_t mark_seen;

  /* Completions someone wants to hear about.  */
  struct note *notes;
  size_t nnotes, notes_cap;
};

#include "queue-lock.h"

/* ---- Events.  ---- */

static inline tgt_event_t
make_event (const struct gtc_queue *q, uint64_t seq)
{
  return (tgt_event_t) (uintptr_t) (((uint64_t) (q->index + 1) << SEQ_BITS)
				    | seq);
}

/* The queue and sequence number of EVENT, or NULL.  */
static inline struct gtc_queue *
event_queue (tgt_event_t event, uint64_t *seq)
{
  uint64_t v = (uint64_t) (uintptr_t) event;
  uint64_t qi = v >> SEQ_BITS;
  struct gtc_queue *q;

  if (GT_UNLIKELY (qi == 0
		   || qi > __atomic_load_n (&gtc_num_queues, __ATOMIC_ACQUIRE)))
    return NULL;
  q = __atomic_load_n (&gtc_queue_table[qi - 1], __ATOMIC_ACQUIRE);
  GT_ANNOTATE_HAPPENS_AFTER (&gtc_queue_table[qi - 1]);
  *seq = v & SEQ_MASK;
  if (GT_UNLIKELY (q == NULL || *seq == 0
		   || *seq > __atomic_load_n (&q->state->submitted,
					      __ATOMIC_ACQUIRE)))
    return NULL;
  return q;
}

/* The queue and sequence number of EVENT, or NULL with a message.  */
static inline struct gtc_queue *
checked_event_queue (tgt_event_t event, uint64_t *seq)
{
  struct gtc_queue *q = event_queue (event, seq);

  if (GT_UNLIKELY (q == NULL))
    gt_plugin_error ("invalid event %p", event);
  return q;
}

static inline uint64_t
completed (const struct gtc_queue *q)
{
  uint64_t seq = __atomic_load_n (&q->state->completed, __ATOMIC_ACQUIRE);

  GT_ANNOTATE_HAPPENS_AFTER (&q->state->completed);
  return seq;
}

/* ---- Operations.  ---- */

/* The copy of the operation of SEQ out of the ring, of its used part.  */
static inline void
copy_op (struct op *dst, const struct op *src)
{
  size_t n = offsetof (struct op, vars);

  if (src->kind == OP_LAUNCH && src->u.launch.heap_vars == NULL)
    n += src->nvars * sizeof (void *);
  memcpy (dst, src, n);
}

/* Hand the copy or launch OP to the vendor, on Q: run it (software
   queues) or issue it (hardware queues).  */
static inline int
vendor_op (struct gtc_queue *q, const struct op *op)
{
  if (op->kind == OP_COPY)
    return gtc_vendor.copy (q, (enum gtc_copy_dir) op->dir,
			    op->u.copy.dst, op->u.copy.src,
			    op->u.copy.size, op->u.copy.peer);
  return gtc_vendor.launch (q, op->u.launch.entry,
			    op->u.launch.heap_vars
			    ? op->u.launch.heap_vars : (void **) op->vars,
			    op->nvars, op->u.launch.num_teams,
			    op->u.launch.thread_limit);
}

/* ---- Between the files.  ---- */

/* queue-notify.c */
void gtc_complete_and_fire_locked (struct gtc_queue *q, uint64_t seq)
  GTC_HIDDEN;

/* queue-ring.c */
int gtc_push_locked (struct gtc_queue_state *s, const struct op *op)
  GTC_HIDDEN;

/* queue-run.c */
/* The front end records what the queues run (GOMPTARGET_PROFILE): the
   bits of its profile_on.  */
extern int gtc_profiling GTC_HIDDEN;
/* Whether the copy the calling thread queues now is the front end's own
   (profile_own).  */
bool gtc_profile_own (void) GTC_HIDDEN;
/* The operation SEQ of Q is queued behind the NDEPS events DEPS: note
   the first, for the arrow of the dependence when SEQ runs.  */
void gtc_profile_depends (struct gtc_queue *q, uint64_t seq, int32_t ndeps,
			  tgt_event_t *deps) GTC_HIDDEN;
/* What the front end's records say of an operation: made once, as it
   is issued or run, and kept with it until it is reported.  */
struct gtc_described
{
  int32_t kind;			/* GT_PROFILE_OP_*; -1: not recorded.  */
  int32_t own;			/* GT_PROFILE_OP_OWN or 0.  */
  uint64_t bytes;
  const char *name;		/* A kernel's name in its image.  */
  const void *host_fn;		/* Or the host function it runs.  */
};
/* Describe OP in D (D->kind -1 for an operation not recorded).  */
void gtc_profile_describe (const struct op *op, struct gtc_described *d)
  GTC_HIDDEN;
/* The operation D describes is about to be issued to the hardware queue
   Q: the vendor's token of the device's times of it
   (gtc_vendor.time_begin), or NULL.  */
void *gtc_profile_time_begin (struct gtc_queue *q,
			      const struct gtc_described *d) GTC_HIDDEN;
/* The operation D describes was issued to the hardware queue Q as SEQ
   at WHEN, TOKEN from gtc_profile_time_begin (issued false: issuing it
   failed): report it, with the device's times of it, once it is known
   to have run (gtc_profile_drain).  */
void gtc_profile_issued (struct gtc_queue *q, const struct gtc_described *d,
			 uint64_t seq, uint64_t when, void *token,
			 bool issued) GTC_HIDDEN;
/* Report the operations of the hardware queue Q that have run, in order,
   with the device's times of them, as far as they are known.  Not in a
   host call.  */
void gtc_profile_drain (struct gtc_queue *q) GTC_HIDDEN;
/* An operation is about to be issued to the hardware queue Q, its
   time_begin taken (ISSUED false), or was issued (true), Q's lock held:
   drain Q where it costs the program least.  */
void gtc_profile_drain_issue (struct gtc_queue *q, bool issued) GTC_HIDDEN;
/* A thread is about to wait for the hardware queue Q (SYNCED false), or
   has waited (true): drain Q at the one of the two that costs the
   program least.  */
void gtc_profile_drain_sync (struct gtc_queue *q, bool synced) GTC_HIDDEN;
/* Run OP of Q, whose sequence number is SEQ (0: OP was not queued, and
   has no event).  */
int gtc_run_op (struct gtc_queue *q, struct op *op, uint64_t seq)
  GTC_HIDDEN;
void gtc_run_ops_locked (struct gtc_queue *q, uint64_t until) GTC_HIDDEN;

/* queue-worker.c */
int gtc_wake_worker_locked (struct gtc_queue *q) GTC_HIDDEN;

/* queue-notify.c */
/* The worker of the hardware queue Q, Q's lock held: record what the
   completion host calls saw, tell the front end, and issue the next host
   calls, until STOP.  */
void gtc_hardware_worker_locked (struct gtc_queue *q) GTC_HIDDEN;

/* queue-wait.c */
/* Wait for everything issued to the hardware queue Q, then record it
   as run and tell the front end (no lock held).  */
void gtc_hardware_sync (struct gtc_queue *q) GTC_HIDDEN;
/* Wait until operation SEQ of Q has completed: 0 if it and those before
   it succeeded.  */
int gtc_queue_wait (struct gtc_queue *q, uint64_t seq) GTC_HIDDEN;

/* queue-table.c */
struct gtc_queue *gtc_queue_new (struct gtc_device *dev) GTC_HIDDEN;

/* ---- Running operations.  ---- */

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
  if ((s->nnotes || s->run_until > s->completed)
      && s->completed < s->submitted && s->worker_sleeping)
    wake (&s->work_word, 1);
}

#endif /* GT_PLUGIN_CORE_QUEUE_INTERNAL_H */
