/* queue.c -- queues of operations and their completion events, for every
   plugin.  A queue runs its operations in order.  An event is the pair
   (queue, sequence number of an operation) packed into the opaque
   tgt_event_t, so events cost no allocation and need no release: an event
   has completed once its queue has completed that many operations.

   Two kinds of queue, chosen by the vendor:
   - software queues (gtc_vendor.hardware_queues false): the core keeps
     the operations in a ring and runs them, each to completion, on the
     first thread that needs them done -- a thread waiting for one of them
     (synchronize) runs them itself, which costs no hand-off; work nobody
     waits for but somebody wants to hear about (async_notify) is run by
     the queue's own worker thread, started on first need.
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

#include "plugin-core.h"
#include "gt-lock.h"
#include "gt-valgrind.h"

#include <limits.h>
#include <sched.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Events: queue index + 1 in the top bits, the operation's sequence
   number (from 1) in the others.  */
#define SEQ_BITS 48
#define SEQ_MASK ((UINT64_C (1) << SEQ_BITS) - 1)
#define MAX_QUEUES 4096

/* A copy run at once of at most this many bytes runs with its queue's
   lock held.  */
#define LOCKED_COPY_MAX 4096

/* Launch arguments kept in the operation itself, up to this many.  */
#define INLINE_VARS 6

/* The core's thread-local data: a plugin is opened once, early, and
   this is a few words of the static TLS surplus.  */
#define GTC_TLS __thread __attribute__ ((tls_model ("initial-exec")))

tgt_callback_fct gtc_completion_callback;

/* Every queue of the plugin, by index.  */
static struct gtc_queue *queue_table[MAX_QUEUES];
static unsigned num_queues;
static pthread_mutex_t table_lock = PTHREAD_MUTEX_INITIALIZER;

/* Queues per device (GOMPTARGET_QUEUES).  */
static unsigned max_queues_per_device = 8;

/* Which queue of a device a thread uses by default, + 1 (0: not chosen
   yet).  */
static GTC_TLS unsigned home_slot;
static unsigned next_home_slot;

/* The queue whose operations this thread is running, if any.  */
static GTC_TLS struct gtc_queue *running_queue;

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
      void **heap_vars;		/* When NVARS > INLINE_VARS.  */
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

  /* Hardware queues: the last operation a completion host call follows.  */
  uint64_t marked;

  /* Completions someone wants to hear about.  */
  struct note *notes;
  size_t nnotes, notes_cap;
};

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

/* Q's lock held: sleep until *WORD changes from what it is now.  The
   lock is released meanwhile and held again on return.  */
static void
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

/* Q's lock held: wake whoever sleeps on WORD.  */
static inline void
wake (int *word, int n)
{
  GT_ANNOTATE_ATOMIC (word);
  __atomic_add_fetch (word, 1, __ATOMIC_RELEASE);
  gt_futex_wake (word, n);
}

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
		   || qi > __atomic_load_n (&num_queues, __ATOMIC_ACQUIRE)))
    return NULL;
  q = __atomic_load_n (&queue_table[qi - 1], __ATOMIC_ACQUIRE);
  GT_ANNOTATE_HAPPENS_AFTER (&queue_table[qi - 1]);
  *seq = v & SEQ_MASK;
  if (GT_UNLIKELY (q == NULL || *seq == 0
		   || *seq > __atomic_load_n (&q->state->submitted,
					      __ATOMIC_ACQUIRE)))
    return NULL;
  return q;
}

bool
gtc_event_valid (tgt_event_t event)
{
  uint64_t seq;
  return event_queue (event, &seq) != NULL;
}

struct gtc_device *
gtc_event_device (tgt_event_t event)
{
  uint64_t seq;
  struct gtc_queue *q = event_queue (event, &seq);
  return q ? q->dev : NULL;
}

static inline uint64_t
completed (const struct gtc_queue *q)
{
  uint64_t seq = __atomic_load_n (&q->state->completed, __ATOMIC_ACQUIRE);

  GT_ANNOTATE_HAPPENS_AFTER (&q->state->completed);
  return seq;
}

int
gtc_queues_init (void)
{
  max_queues_per_device = (unsigned) gt_env_queues (false);
  return 0;
}

size_t
gtc_queues_per_device (void)
{
  return max_queues_per_device;
}

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
static void
complete_and_fire_locked (struct gtc_queue *q, uint64_t seq)
{
  struct note due[DUE_BATCH];
  size_t n;

  while ((n = complete_locked (q, seq, due, DUE_BATCH)) > 0)
    {
      qunlock (q->state);
      fire (q, due, n);
      qlock (q->state);
    }
}

/* ---- Software queues.  ---- */

static int
run_op (struct gtc_queue *q, struct op *op)
{
  switch (op->kind)
    {
    case OP_COPY:
      return gtc_vendor.copy (q, (enum gtc_copy_dir) op->dir, op->u.copy.dst,
			      op->u.copy.src, op->u.copy.size,
			      op->u.copy.peer);
    case OP_LAUNCH:
      return gtc_vendor.launch (q, op->u.launch.entry,
				op->u.launch.heap_vars
				? op->u.launch.heap_vars : op->vars,
				op->nvars, op->u.launch.num_teams,
				op->u.launch.thread_limit);
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

/* The copy of the operation of SEQ out of the ring, of its used part.  */
static inline void
copy_op (struct op *dst, const struct op *src)
{
  size_t n = offsetof (struct op, vars);

  if (src->kind == OP_LAUNCH && src->u.launch.heap_vars == NULL)
    n += src->nvars * sizeof (void *);
  memcpy (dst, src, n);
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
    complete_and_fire_locked (q, seq);
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
static void
run_ops_locked (struct gtc_queue *q, uint64_t until)
{
  struct gtc_queue_state *s = q->state;
  struct gtc_queue *outer = running_queue;

  s->executing = EXEC_RING;
  running_queue = q;
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
  running_queue = outer;
  hand_over_locked (s);
}

/* The furthest operation someone wants to hear about (Q's lock held).  */
static uint64_t
noted_until (const struct gtc_queue_state *s)
{
  uint64_t m = 0;
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

  qlock (s);
  for (;;)
    {
      uint64_t until = 0;
      while (!s->stop
	     && (s->executing || (until = noted_until (s)) <= s->completed))
	sleep_on (s, &s->work_word, NULL);
      if (s->stop)
	break;
      run_ops_locked (q, until);
    }
  qunlock (s);
  return NULL;
}

/* Q's lock held: make sure Q's worker runs.  */
static int
wake_worker_locked (struct gtc_queue *q)
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
  wake (&s->work_word, 1);
  return 0;
}

/* Q's lock held: the ring slot for operation SUBMITTED + 1.  */
static struct op *
ring_slot (struct gtc_queue_state *s)
{
  uint64_t live = s->submitted - s->completed, seq;

  if (GT_UNLIKELY (live + 1 >= s->cap))
    {
      /* Grown by the submitter; the executor copies operations out under
	 the lock, so it never reads a ring being replaced.  An operation
	 being run at once counts as live but has no slot to move (the
	 ring may not even exist yet).  */
      size_t cap = s->cap ? 2 * s->cap : 64;
      struct op *ring = malloc (cap * sizeof *ring);
      if (ring == NULL)
	return NULL;
      seq = s->completed + 1 + (s->executing == EXEC_AT_ONCE);
      for (; seq <= s->submitted; seq++)
	copy_op (&ring[seq & (cap - 1)], &s->ring[seq & (s->cap - 1)]);
      free (s->ring);
      s->ring = ring;
      s->cap = cap;
    }
  return &s->ring[(s->submitted + 1) & (s->cap - 1)];
}

/* Queue a software operation (Q's lock held).  */
static int
push_locked (struct gtc_queue_state *s, const struct op *op)
{
  struct op *slot = ring_slot (s);

  if (GT_UNLIKELY (slot == NULL))
    {
      gt_plugin_error ("out of host memory queueing an operation");
      return GT_RTL_FAIL;
    }
  copy_op (slot, op);
  __atomic_store_n (&s->submitted, s->submitted + 1, __ATOMIC_RELEASE);
  return 0;
}

/* ---- Hardware queues.  ---- */

/* A host call issued behind operation SEQ of a queue: ARG is that
   operation's event.  */
static void
hardware_mark (void *arg)
{
  uint64_t seq;
  struct gtc_queue *q = event_queue ((tgt_event_t) arg, &seq);

  if (q == NULL)
    return;
  qlock (q->state);
  complete_and_fire_locked (q, seq);
  qunlock (q->state);
}

static int
issue_op (struct gtc_queue *q, const struct op *op)
{
  switch (op->kind)
    {
    case OP_COPY:
      return gtc_vendor.copy (q, (enum gtc_copy_dir) op->dir,
			      op->u.copy.dst, op->u.copy.src,
			      op->u.copy.size, op->u.copy.peer);
    case OP_LAUNCH:
      return gtc_vendor.launch (q, op->u.launch.entry,
				op->u.launch.heap_vars
				? op->u.launch.heap_vars : (void **) op->vars,
				op->nvars, op->u.launch.num_teams,
				op->u.launch.thread_limit);
    case OP_HOST_CALL:
      return gtc_vendor.issue_host_call (q, op->u.call.fn, op->u.call.arg);
    case OP_MARK:
      return 0;
    case OP_WAIT:
      return gtc_vendor.issue_wait (q, op->u.wait.q);
    }
  return GT_RTL_FAIL;
}

/* ---- Queues of a device.  ---- */

static struct gtc_queue *
queue_new (struct gtc_device *dev)
{
  struct gtc_queue *q;
  struct gtc_queue_state *s;
  unsigned index;

  /* Device work exists from now on: know when the program exits.  */
  gtc_watch_exit ();
  pthread_mutex_lock (&table_lock);
  if (num_queues >= MAX_QUEUES)
    {
      pthread_mutex_unlock (&table_lock);
      gt_plugin_error ("too many queues");
      return NULL;
    }
  index = num_queues;
  q = calloc (1, gtc_vendor.queue_size);
  s = calloc (1, sizeof *s);
  if (q == NULL || s == NULL)
    {
      pthread_mutex_unlock (&table_lock);
      free (q);
      free (s);
      gt_plugin_error ("out of host memory making a queue");
      return NULL;
    }
  q->dev = dev;
  q->index = index;
  q->state = s;
  if (gtc_vendor.queue_init && gtc_vendor.queue_init (q) != 0)
    {
      pthread_mutex_unlock (&table_lock);
      free (q);
      free (s);
      return NULL;
    }
  GT_ANNOTATE_ATOMIC (&s->submitted);
  GT_ANNOTATE_ATOMIC (&s->failed);
  GT_ANNOTATE_HAPPENS_BEFORE (&queue_table[index]);
  __atomic_store_n (&queue_table[index], q, __ATOMIC_RELEASE);
  GT_ANNOTATE_ATOMIC (&num_queues);
  __atomic_store_n (&num_queues, index + 1, __ATOMIC_RELEASE);
  pthread_mutex_unlock (&table_lock);
  return q;
}

/* The queue of DEV in the calling thread's slot, made now.  */
static struct gtc_queue *
make_home_queue (struct gtc_device *dev, unsigned slot)
{
  struct gtc_queue *q;

  pthread_mutex_lock (&dev->lock);
  q = dev->queues[slot];
  if (q == NULL)
    {
      q = queue_new (dev);
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
			 % max_queues_per_device + 1;
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

/* The operation of D, in OP; false (with a message) on failure.  */
static bool
make_op (const struct gtc_op_desc *d, struct op *op)
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
      if (d->nvars > 0)
	{
	  /* The caller's array is free again once we return.  */
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
   caller waits for it (other launches are left for whoever waits, so
   that a nowait region runs apart).  D is the descriptor OP was made
   from, whose caller_waits only a launch's has.  */
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
  struct gtc_queue *outer = running_queue;
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
      running_queue = q;
      err = run_op (q, op);
      running_queue = outer;
      qlock (s);
      s->executing = EXEC_NONE;
    }
  op_ran_locked (q, seq, err);
  hand_over_locked (s);
  return seq;
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
      dq = event_queue (deps[i], &seq);
      if (dq == NULL)
	{
	  gt_plugin_error ("invalid event %p", deps[i]);
	  return 0;
	}
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
      else if (push_locked (s, &w) != 0)
	return 0;
    }
  if (gtc_vendor.hardware_queues)
    {
      if (issue_op (q, op) != 0)
	return 0;
      __atomic_store_n (&s->submitted, s->submitted + 1, __ATOMIC_RELEASE);
      return s->submitted;
    }
  if (runs_at_once (s, op, d))
    return run_at_once_locked (q, op);
  if (push_locked (s, op) != 0)
    return 0;
  /* The ring's copy owns the launch's arguments now.  */
  if (op->kind == OP_LAUNCH)
    op->u.launch.heap_vars = NULL;
  return s->submitted;
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
  /* The queue of the first dependence on this device, else the thread's.  */
  for (i = 0; i < ndeps && q == NULL; i++)
    if (deps[i] != NULL && (dq = event_queue (deps[i], &seq)) != NULL
	&& dq->dev == dev)
      q = dq;
  if (q == NULL && (q = home_queue (dev)) == NULL)
    return GT_RTL_FAIL;
  if (!make_op (d, &op))
    return GT_RTL_FAIL;
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

/* ---- Waiting.  ---- */

/* Wait until operation SEQ of Q has completed.  */
static void
queue_wait_slow (struct gtc_queue *q, uint64_t seq)
{
  struct gtc_queue_state *s = q->state;

  if (gtc_vendor.hardware_queues)
    {
      uint64_t upto = __atomic_load_n (&s->submitted, __ATOMIC_ACQUIRE);
      int err = gtc_vendor.sync (q);

      qlock (s);
      if (err && s->failed == 0)
	__atomic_store_n (&s->failed, s->completed + 1, __ATOMIC_RELEASE);
      complete_and_fire_locked (q, upto);
      qunlock (s);
      return;
    }
  /* An operation of Q waiting for Q's later ones (the program exiting
     from device code, say) would wait for ever.  */
  if (running_queue == q)
    return;
  qlock (s);
  while (s->completed < seq)
    if (!s->executing)
      run_ops_locked (q, seq);
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

/* Wait until operation SEQ of Q has completed: 0 if it and those before
   it succeeded.  */
static inline int
queue_wait (struct gtc_queue *q, uint64_t seq)
{
  if (GT_UNLIKELY (completed (q) < seq))
    {
      queue_wait_slow (q, seq);
      /* Waiting from inside Q's own operations cannot end.  */
      if (completed (q) < seq)
	return GT_RTL_FAIL;
    }
  return outcome (q, seq);
}

int
gtc_event_wait (tgt_event_t event)
{
  uint64_t seq;
  struct gtc_queue *q;

  if (event == NULL)
    return 0;
  q = event_queue (event, &seq);
  if (q == NULL)
    {
      gt_plugin_error ("invalid event %p", event);
      return GT_RTL_FAIL;
    }
  return queue_wait (q, seq);
}

int
gtc_event_query (tgt_event_t event)
{
  uint64_t seq;
  struct gtc_queue *q = event_queue (event, &seq);

  if (q == NULL)
    {
      gt_plugin_error ("invalid event %p", event);
      return GT_RTL_FAIL;
    }
  return completed (q) < seq ? 1 : outcome (q, seq);
}

int
gtc_device_wait (struct gtc_device *dev)
{
  size_t i;
  int err = 0;

  for (i = 0; i < max_queues_per_device; i++)
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

  for (i = 0; i < max_queues_per_device; i++)
    {
      struct gtc_queue *q = __atomic_load_n (&dev->queues[i],
					     __ATOMIC_ACQUIRE);
      if (q != NULL
	  && completed (q) < __atomic_load_n (&q->state->submitted,
					      __ATOMIC_ACQUIRE))
	return 1;
    }
  return 0;
}

int
gtc_event_notify (tgt_event_t event, tgt_sync_event_t token)
{
  uint64_t seq;
  struct gtc_queue *q = event_queue (event, &seq);
  struct gtc_queue_state *s;
  int err = 0;

  if (q == NULL)
    {
      gt_plugin_error ("invalid event %p", event);
      return GT_RTL_FAIL;
    }
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
      /* A host call behind the work covers everything issued so far.  */
      if (s->marked < seq)
	{
	  err = gtc_vendor.issue_host_call (q, hardware_mark,
					    make_event (q, s->submitted));
	  if (err == 0)
	    s->marked = s->submitted;
	  else
	    s->nnotes--;
	}
    }
  else if (!s->executing)
    err = wake_worker_locked (q);
  qunlock (s);
  return err;
}

/* ---- fork.  ---- */

static inline bool
qtrylock (struct gtc_queue_state *s)
{
  return !__atomic_exchange_n (&s->lock, 1, __ATOMIC_ACQUIRE);
}

bool
gtc_queues_trylock_all (void)
{
  unsigned i;

  if (pthread_mutex_trylock (&table_lock) != 0)
    return false;
  for (i = 0; i < num_queues; i++)
    if (!qtrylock (queue_table[i]->state))
      {
	while (i-- > 0)
	  qunlock (queue_table[i]->state);
	pthread_mutex_unlock (&table_lock);
	return false;
      }
  return true;
}

void
gtc_queues_unlock_all (void)
{
  unsigned i;

  for (i = 0; i < num_queues; i++)
    qunlock (queue_table[i]->state);
  pthread_mutex_unlock (&table_lock);
}

void
gtc_queues_after_fork (void)
{
  unsigned i;

  pthread_mutex_init (&table_lock, NULL);
  for (i = 0; i < num_queues; i++)
    {
      struct gtc_queue *q = queue_table[i];
      struct gtc_queue_state *s = q->state;
      /* Another thread was running the next operation (or had run it and
	 waited for the lock to record it): that thread stayed in the
	 parent, and the child has what the operation had done at the
	 fork.  It is over, and the next ones run for whoever waits.  The
	 calling thread may be running this queue's operations itself
	 (fork from a region on the device).  */
      if (s->executing && q != running_queue)
	{
	  __atomic_store_n (&s->completed, s->completed + 1,
			    __ATOMIC_RELEASE);
	  s->executing = false;
	}
      /* No thread sleeps in the child, and the worker is not there.  */
      s->done_sleepers = 0;
      s->worker_started = false;
      s->lock = 0;
    }
}

/* ---- Teardown.  ---- */

void
gtc_device_queues_fini (struct gtc_device *dev)
{
  size_t i;

  for (i = 0; i < max_queues_per_device; i++)
    {
      struct gtc_queue *q = dev->queues[i];
      struct gtc_queue_state *s;
      if (q == NULL)
	continue;
      s = q->state;
      qlock (s);
      s->stop = true;
      wake (&s->work_word, INT_MAX);
      qunlock (s);
      if (s->worker_started && !pthread_equal (s->worker, pthread_self ()))
	pthread_join (s->worker, NULL);
      s->worker_started = false;
      if (gtc_vendor.queue_fini)
	gtc_vendor.queue_fini (q);
      /* The queue stays in the table, finished, so that old events stay
	 decodable; it is never used again.  */
      dev->queues[i] = NULL;
    }
}
