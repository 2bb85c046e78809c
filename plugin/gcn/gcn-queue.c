/* gcn-queue.c -- the GCN plugin's queues: each of the core's queues is an
   HSA AQL queue, and every operation issued to it is a step with a
   completion signal -- the events of the asynchronous interface are
   signals on the device:
   - a launch is a kernel-dispatch packet;
   - a dependence on another queue is a barrier-AND packet waiting for the
     signal of that queue's last step;
   - a copy or a host call is host work: a barrier-AND packet holds the
     queue on a "gate" signal until a host thread, serving the device, has
     done the work once every earlier step has completed, and then opens
     the gate.  A copy issued to a queue with nothing in flight is done at
     once instead.
   Every packet has its barrier bit set, so a queue runs its steps in
   order.  A signal is used again only when no packet and no other queue
   refers to it any more.  When the AQL queue is full, packets wait in
   the step list and are written as room frees up, so that issuing never
   blocks.

   Serving (gcn_serve, the callback of the core's gtc_wait_serve) walks
   the device's queues in order: it prints what running kernels wrote to
   their console rings, retires the steps that have completed (a kernel's
   exit value may end the program), and runs the host work that is due.
   A thread waiting for a queue serves the device while it waits; a
   thread of the device (the core's serving thread, serve.h) serves it
   whenever steps are in flight and nobody else does, so that the output
   of nowait kernels appears, a kernel waiting for room in its ring goes
   on, and completions are announced.

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

#include "plugin-gcn.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <time.h>
#include <unistd.h>

#define PACKET_SIZE 64

/* ---- Signals.  ---- */

static struct gcn_signal *
signal_get (struct gcn_device *dev)
{
  struct gcn_signal *sig;
  hsa_status_t s;

  pthread_mutex_lock (&dev->lock);
  sig = dev->free_signals;
  if (sig != NULL)
    dev->free_signals = sig->next;
  pthread_mutex_unlock (&dev->lock);
  if (sig == NULL)
    {
      sig = malloc (sizeof *sig);
      if (sig == NULL)
	{
	  gt_plugin_error ("out of host memory making a signal");
	  return NULL;
	}
      s = gcn_hsa.hsa_signal_create (1, 0, NULL, &sig->h);
      if (s != HSA_STATUS_SUCCESS)
	{
	  gcn_error (s, "device %d: creating a signal",
		     (int) dev->core.number);
	  free (sig);
	  return NULL;
	}
      sig->owner = dev;
    }
  else
    gcn_hsa.hsa_signal_store_relaxed (sig->h, 1);
  sig->next = NULL;
  sig->refs = 1;
  sig->done_ns = 0;
  return sig;
}

static void
signal_ref (struct gcn_signal *sig)
{
  __atomic_add_fetch (&sig->refs, 1, __ATOMIC_RELAXED);
}

static void
signal_put (struct gcn_signal *sig)
{
  struct gcn_device *dev;

  if (sig == NULL || __atomic_sub_fetch (&sig->refs, 1, __ATOMIC_ACQ_REL))
    return;
  dev = sig->owner;
  pthread_mutex_lock (&dev->lock);
  sig->next = dev->free_signals;
  dev->free_signals = sig;
  pthread_mutex_unlock (&dev->lock);
}

void
gcn_queue_signal_put (struct gcn_signal *sig)
{
  signal_put (sig);
}

static inline bool
signal_done (const struct gcn_signal *sig)
{
  return gcn_hsa.hsa_signal_load_acquire (sig->h) <= 0;
}

/* ---- The serving thread.  ---- */

/* How long the serving thread rests while a waiting thread serves the
   device.  */
#define SERVER_REST_NS 1000000L

/* The device a thread waiting for a queue serves, if any.  */
static __thread struct gcn_device *polling_dev;

/* The waits of gtc_wait_serve sleep a few microseconds at a time (up to
   GOMPTARGET_POLL_US); the kernel's default timer slack of 50 us would
   stretch each sleep to 50 us more and make a reverse-offload request or
   a full ring wait that long.  A thread that serves the device sleeps
   with a slack of GCN_SERVE_SLACK_NS meanwhile.  */
#define GCN_SERVE_SLACK_NS 1000

/* Set the calling thread's timer slack to NS; its slack before, or -1 if
   it cannot be set.  */
static long
set_slack (long ns)
{
#ifdef PR_SET_TIMERSLACK
  long old = (long) prctl (PR_GET_TIMERSLACK, 0, 0, 0, 0);

  if (old < 0 || old == ns || prctl (PR_SET_TIMERSLACK, ns, 0, 0, 0) != 0)
    return -1;
  return old;
#else
  (void) ns;
  return -1;
#endif
}

static void
server_start (struct gtc_server *s)
{
  (void) s;
  set_slack (GCN_SERVE_SLACK_NS);
}

/* The core's serving thread of a device: serves its queues while steps
   are in flight (its work), resting while a thread waiting for a queue
   serves them.  */
static const struct gtc_server_ops server_ops = {
  .what = "the thread that serves the device",
  .without = "output of kernels nobody waits for is late",
  .serve = gcn_serve,
  .rest_ns = SERVER_REST_NS,
  .thread_start = server_start
};

void
gcn_queues_init (struct gcn_device *dev)
{
  gtc_server_init (&dev->server, &server_ops, &dev->core);
}

void
gcn_queues_fini (struct gcn_device *dev)
{
  struct gcn_signal *sig;

  gtc_server_stop (&dev->server);
  while ((sig = dev->free_signals) != NULL)
    {
      dev->free_signals = sig->next;
      gcn_hsa.hsa_signal_destroy (sig->h);
      free (sig);
    }
}

/* ---- Queues and packets.  ---- */

/* The runtime's report of a queue error: a kernel fault, on the device,
   is fatal.  */
static void
queue_error (hsa_status_t status, hsa_queue_t *source, void *data)
{
  struct gcn_queue *q = data;
  struct gcn_kernel *k = NULL;
  struct gcn_step *st;

  (void) source;
  gtc_claim_end (true);
  pthread_mutex_lock (&q->lock);
  for (st = q->head; st != NULL && k == NULL; st = st->next)
    if (st->kind == GCN_STEP_KERNEL)
      k = st->launch.kernel;
  pthread_mutex_unlock (&q->lock);
  fflush (stdout);
  /* The kernels an image runs when it is loaded and unloaded are no
     target region.  */
  if (k != NULL && k->init_fini)
    gtc_fatal ("device %d: the image's %s (%s) failed: %s (status 0x%x)",
	       (int) q->dev->core.number,
	       strcmp (k->name, "_init_array") == 0 ? "constructors"
						     : "destructors",
	       k->name, gcn_status (status), (unsigned) status);
  if (k != NULL)
    gtc_fatal ("device %d: the kernel of region %s failed: %s (status "
	       "0x%x)", (int) q->dev->core.number, k->name,
	       gcn_status (status), (unsigned) status);
  gtc_fatal ("device %d: a queue failed: %s (status 0x%x)",
	     (int) q->dev->core.number, gcn_status (status),
	     (unsigned) status);
}

struct gcn_queue *
gcn_queue_make (struct gcn_device *dev, struct gcn_queue *q)
{
  bool own = q == NULL;
  hsa_status_t s;

  if (own && (q = calloc (1, sizeof *q)) == NULL)
    {
      gt_plugin_error ("out of host memory making a queue");
      return NULL;
    }
  q->dev = dev;
  pthread_mutex_init (&q->lock, NULL);
  s = gcn_hsa.hsa_queue_create (dev->agent, dev->queue_size,
				HSA_QUEUE_TYPE_MULTI, queue_error, q,
				UINT32_MAX, UINT32_MAX, &q->aql);
  if (s != HSA_STATUS_SUCCESS)
    {
      gcn_error (s, "device %d: creating a queue of %u packets",
		 (int) dev->core.number, dev->queue_size);
      pthread_mutex_destroy (&q->lock);
      if (own)
	free (q);
      return NULL;
    }
  pthread_mutex_lock (&dev->queues_lock);
  q->next = dev->queues;
  dev->queues = q;
  pthread_mutex_unlock (&dev->queues_lock);
  return q;
}

void
gcn_queue_destroy (struct gcn_queue *q)
{
  struct gcn_device *dev = q->dev;
  struct gcn_queue **p;
  hsa_status_t s;

  pthread_mutex_lock (&dev->queues_lock);
  for (p = &dev->queues; *p != NULL; p = &(*p)->next)
    if (*p == q)
      {
	*p = q->next;
	break;
      }
  pthread_mutex_unlock (&dev->queues_lock);
  if (q->head != NULL)
    gt_plugin_debug ("device %d: a queue is destroyed with work in flight",
		     (int) dev->core.number);
  s = gcn_hsa.hsa_queue_destroy (q->aql);
  if (s != HSA_STATUS_SUCCESS)
    gcn_error (s, "device %d: destroying a queue", (int) dev->core.number);
  /* Q->lock stays usable: a serving thread that is ending the program may
     still be finishing host work of Q.  */
}

int
gcn_queue_init (struct gtc_queue *cq)
{
  struct gcn_device *dev = gcn_device_of (cq->dev);

  if (gcn_queue_make (dev, (struct gcn_queue *) cq) == NULL)
    return GT_RTL_FAIL;
  gcn_times_init ((struct gcn_queue *) cq);
  return 0;
}

void
gcn_queue_fini (struct gtc_queue *cq)
{
  /* A device ended the program: other threads may still be inside the
     plugin with this queue (waiting for it, say) until the process is
     gone, so it is left as it is.  */
  if (gtc_is_ending ())
    return;
  gcn_queue_destroy ((struct gcn_queue *) cq);
}

/* Write PKT (its first word, header and setup, last) into Q's AQL queue
   and ring the doorbell; false if the queue is full.  Q's lock held.  */
static bool
write_packet (struct gcn_queue *q, const unsigned char *pkt)
{
  hsa_queue_t *a = q->aql;
  uint64_t index = gcn_hsa.hsa_queue_load_write_index_relaxed (a);
  unsigned char *slot;
  uint32_t word;

  if (index - gcn_hsa.hsa_queue_load_read_index_acquire (a) >= a->size)
    return false;
  /* The lock makes this thread the queue's only producer.  */
  index = gcn_hsa.hsa_queue_add_write_index_release (a, 1);
  slot = (unsigned char *) a->base_address
	 + (index & (a->size - 1)) * PACKET_SIZE;
  memcpy (slot + 4, pkt + 4, PACKET_SIZE - 4);
  memcpy (&word, pkt, sizeof word);
  __atomic_store_n ((uint32_t *) slot, word, __ATOMIC_RELEASE);
  gcn_hsa.hsa_signal_store_release (a->doorbell_signal,
				    (hsa_signal_value_t) index);
  return true;
}

/* Write the packets waiting for room, in order.  Q's lock held.  */
static void
flush_pending_locked (struct gcn_queue *q)
{
  while (q->first_pending != NULL && write_packet (q, q->first_pending->packet))
    {
      q->first_pending->pending = false;
      q->first_pending = q->first_pending->next;
    }
}

/* The first word of a packet of TYPE with SETUP: barrier bit, system
   fences.  */
static uint32_t
packet_word (hsa_packet_type_t type, uint16_t setup)
{
  uint16_t header = (uint16_t) ((type << HSA_PACKET_HEADER_TYPE)
				| (1 << HSA_PACKET_HEADER_BARRIER)
				| (HSA_FENCE_SCOPE_SYSTEM
				   << HSA_PACKET_HEADER_ACQUIRE_FENCE_SCOPE)
				| (HSA_FENCE_SCOPE_SYSTEM
				   << HSA_PACKET_HEADER_RELEASE_FENCE_SCOPE));
  return header | (uint32_t) setup << 16;
}

/* Make ST's packet a barrier-AND waiting for DEP, completing ST's
   signal.  */
static void
barrier_packet (struct gcn_step *st, const struct gcn_signal *dep)
{
  hsa_barrier_and_packet_t p;
  uint32_t word = packet_word (HSA_PACKET_TYPE_BARRIER_AND, 0);

  memset (&p, 0, sizeof p);
  p.dep_signal[0] = dep->h;
  p.completion_signal = st->signal->h;
  memcpy (st->packet, &p, sizeof p);
  memcpy (st->packet, &word, sizeof word);
}

/* Append ST to Q and write its packet, or keep it for later when the AQL
   queue is full.  Q's lock held.  */
static void
push_locked (struct gcn_queue *q, struct gcn_step *st)
{
  st->next = NULL;
  if (q->tail != NULL)
    q->tail->next = st;
  else
    q->head = st;
  q->tail = st;
  if (q->first_pending != NULL || !write_packet (q, st->packet))
    {
      st->pending = true;
      if (q->first_pending == NULL)
	q->first_pending = st;
    }
  __atomic_add_fetch (&q->pushed, 1, __ATOMIC_RELEASE);
  gtc_server_work_begin (&q->dev->server);
}

/* Take ST, Q's first step, which has completed, off Q and free it.  Q's
   lock held.  */
static void
retire_locked (struct gcn_queue *q, struct gcn_step *st)
{
  q->head = st->next;
  if (q->head == NULL)
    q->tail = NULL;
  if (st->kind == GCN_STEP_KERNEL)
    gcn_launch_release (q->dev, &st->launch);
  signal_put (st->signal);
  signal_put (st->dep);
  signal_put (st->gate);
  free (st);
  __atomic_add_fetch (&q->retired, 1, __ATOMIC_RELEASE);
  gtc_server_work_end (&q->dev->server);
}

static struct gcn_step *
new_step (struct gcn_device *dev, enum gcn_step_kind kind)
{
  struct gcn_step *st = calloc (1, sizeof *st);

  if (st == NULL)
    {
      gt_plugin_error ("out of host memory queueing work");
      return NULL;
    }
  st->kind = kind;
  st->signal = signal_get (dev);
  if (st->signal == NULL)
    {
      free (st);
      return NULL;
    }
  return st;
}

/* ---- Issuing.  ---- */

/* Issue a launch of KERNEL on Q.  */
static int
issue_launch (struct gcn_queue *q, struct gcn_kernel *k, void **vars,
	      int32_t nvars, int32_t num_teams, int32_t thread_limit)
{
  struct gcn_device *dev = q->dev;
  struct gcn_step *st = new_step (dev, GCN_STEP_KERNEL);
  hsa_kernel_dispatch_packet_t *p;
  uint32_t word;

  if (st == NULL)
    return GT_RTL_FAIL;
  p = (hsa_kernel_dispatch_packet_t *) st->packet;
  if (gcn_launch_prepare (dev, k, vars, nvars, num_teams, thread_limit,
			  &st->launch, p) != 0)
    {
      signal_put (st->signal);
      free (st);
      return GT_RTL_FAIL;
    }
  p->completion_signal = st->signal->h;
  /* Its times are read from the signal once it has run: it must not be
     used again before (GOMPTARGET_PROFILE, gcn-profile.c).  */
  if (q->timed && gcn_times_wanted (q))
    {
      signal_put (q->timed_signal);
      signal_ref (st->signal);
      q->timed_signal = st->signal;
    }
  word = packet_word (HSA_PACKET_TYPE_KERNEL_DISPATCH, p->setup);
  memcpy (st->packet, &word, sizeof word);
  pthread_mutex_lock (&q->lock);
  push_locked (q, st);
  pthread_mutex_unlock (&q->lock);
  return 0;
}

int
gcn_launch (struct gtc_queue *cq, void *entry, void **vars, int32_t nvars,
	    int32_t num_teams, int32_t thread_limit)
{
  struct gtc_kernel *gk = entry;

  return issue_launch ((struct gcn_queue *) cq, gk->handle, vars, nvars,
		       num_teams, thread_limit);
}

/* Issue host work ST (with its gate) on Q.  */
static int
issue_host (struct gcn_queue *q, struct gcn_step *st)
{
  st->gate = signal_get (q->dev);
  if (st->gate == NULL)
    {
      signal_put (st->signal);
      free (st);
      return GT_RTL_FAIL;
    }
  barrier_packet (st, st->gate);
  pthread_mutex_lock (&q->lock);
  push_locked (q, st);
  pthread_mutex_unlock (&q->lock);
  return 0;
}

int
gcn_copy (struct gtc_queue *cq, enum gtc_copy_dir dir, void *dst,
	  const void *src, size_t size, struct gtc_device *peer)
{
  struct gcn_queue *q = (struct gcn_queue *) cq;
  struct gcn_step *st;
  bool idle;

  /* The core issues to a queue under a lock of its own, so nothing can be
     issued to Q between this test and the copy.  */
  pthread_mutex_lock (&q->lock);
  idle = q->head == NULL;
  pthread_mutex_unlock (&q->lock);
  q->copied_now = idle;
  if (idle)
    return gcn_copy_now (q->dev, dir, dst, src, size, peer);
  st = new_step (q->dev, GCN_STEP_HOST);
  if (st == NULL)
    return GT_RTL_FAIL;
  st->host = GCN_HOST_COPY;
  st->dir = dir;
  st->dst = dst;
  st->src = src;
  st->size = size;
  st->peer = peer;
  if (GT_UNLIKELY (gtc_profile_is_on ()))
    {
      /* Its end is noted in the signal (run_host), where the profile
	 reads it (gcn_time_read) rather than through a host call.  */
      struct gcn_signal *sig = st->signal;
      int err;

      signal_ref (sig);
      err = issue_host (q, st);
      if (err)
	signal_put (sig);
      else
	q->copy_signal = sig;
      return err;
    }
  return issue_host (q, st);
}

int
gcn_issue_host_call (struct gtc_queue *cq, void (*fn) (void *), void *arg)
{
  struct gcn_queue *q = (struct gcn_queue *) cq;
  struct gcn_step *st = new_step (q->dev, GCN_STEP_HOST);

  /* Never run at once, even on an idle queue: the caller may hold locks
     FN takes.  */
  if (st == NULL)
    return GT_RTL_FAIL;
  st->host = GCN_HOST_CALL;
  st->fn = fn;
  st->arg = arg;
  return issue_host (q, st);
}

int
gcn_issue_wait (struct gtc_queue *cq, struct gtc_queue *other_cq)
{
  struct gcn_queue *q = (struct gcn_queue *) cq;
  struct gcn_queue *other = (struct gcn_queue *) other_cq;
  struct gcn_signal *dep = NULL;
  struct gcn_step *st;

  /* Everything issued to OTHER has completed once its last step has.  */
  pthread_mutex_lock (&other->lock);
  if (other->tail != NULL)
    {
      dep = other->tail->signal;
      signal_ref (dep);
    }
  pthread_mutex_unlock (&other->lock);
  if (dep == NULL)
    return 0;
  st = new_step (q->dev, GCN_STEP_WAIT);
  if (st == NULL)
    {
      signal_put (dep);
      return GT_RTL_FAIL;
    }
  st->dep = dep;
  barrier_packet (st, dep);
  gt_plugin_debug ("device %d: a queue waits for a queue of device %d "
		   "(barrier-AND packet)", (int) q->dev->core.number,
		   (int) other->dev->core.number);
  pthread_mutex_lock (&q->lock);
  push_locked (q, st);
  pthread_mutex_unlock (&q->lock);
  return 0;
}

int
gcn_copy_now (struct gcn_device *dev, enum gtc_copy_dir dir, void *dst,
	      const void *src, size_t size, struct gtc_device *peer)
{
  static const char *const what[] = { "to the device", "from the device",
				      "between devices" };
  hsa_status_t s;

  if (size == 0)
    return 0;
  s = gcn_hsa.hsa_memory_copy (dst, src, size);
  if (s != HSA_STATUS_SUCCESS && dir == GTC_DEVICE_TO_DEVICE
      && peer != NULL && peer != &dev->core)
    {
      /* Agents that cannot reach each other's memory: through the
	 host.  */
      void *buf = malloc (size);
      if (buf != NULL
	  && gcn_hsa.hsa_memory_copy (buf, src, size) == HSA_STATUS_SUCCESS)
	s = gcn_hsa.hsa_memory_copy (dst, buf, size);
      free (buf);
    }
  if (s != HSA_STATUS_SUCCESS)
    {
      gcn_error (s, "device %d: copying %zu bytes %s (%p to %p)",
		 (int) dev->core.number, size, what[dir], src, dst);
      return GT_RTL_FAIL;
    }
  return 0;
}

/* ---- Serving.  ---- */

/* What one serving pass found to do once the locks are released.  */
struct serve_todo
{
  struct gcn_queue *host_q;	/* Host work to run.  */
  struct gcn_step *host;
  struct gcn_queue *rev_q;	/* A reverse-offload request.  */
  struct gcn_step *rev;
  struct gcn_console_slot *rev_slot;
  const char *end_kernel;	/* A kernel that ended the program.  */
  enum gcn_end end;
  uint32_t end_value;
};

/* Serve Q: print, retire, find the host work that is due.  Returns 1 if
   it did something.  Q's lock not held.  */
static int
serve_queue (struct gcn_queue *q, struct serve_todo *todo)
{
  struct gcn_step *st, *next;
  int did = 0;

  pthread_mutex_lock (&q->lock);
  for (st = q->head; st != NULL; st = next)
    {
      next = st->next;
      if (st->pending)
	break;
      if (st->kind == GCN_STEP_KERNEL)
	{
	  struct gcn_output *out = st->launch.out;
	  struct gcn_console_slot *slot = NULL;
	  enum gcn_drain r;
	  bool complete;
	  uint32_t left;

	  if (st->serving)
	    break;
	  /* Whatever the kernel wrote before it completed is seen by the
	     drain that follows this load.  */
	  complete = signal_done (st->signal);
	  r = gcn_console_drain (q->dev, out, &slot);
	  if (r == GCN_DRAIN_REQUEST)
	    {
	      st->serving = true;
	      todo->rev_q = q;
	      todo->rev = st;
	      todo->rev_slot = slot;
	      did = 1;
	      break;
	    }
	  did |= r == GCN_DRAIN_PRINTED;
	  if (!complete)
	    break;
	  left = __atomic_load_n (&out->next_output, __ATOMIC_ACQUIRE)
		 - out->consumed;
	  if (left != 0)
	    gt_plugin_debug ("device %d: kernel %s ended with %u console "
			     "slot(s) claimed but never written",
			     (int) q->dev->core.number,
			     st->launch.kernel->name, (unsigned) left);
	  todo->end = gcn_console_end (out, &todo->end_value);
	  if (todo->end != GCN_END_NORMAL)
	    {
	      todo->end_kernel = st->launch.kernel->name;
	      did = 1;
	      break;
	    }
	}
      else if (st->kind == GCN_STEP_HOST && !st->done)
	{
	  /* All earlier steps have completed: its turn.  */
	  if (!st->running && todo->host == NULL)
	    {
	      st->running = true;
	      todo->host = st;
	      todo->host_q = q;
	      did = 1;
	    }
	  break;
	}
      if (!signal_done (st->signal))
	break;
      retire_locked (q, st);
      did = 1;
    }
  flush_pending_locked (q);
  pthread_mutex_unlock (&q->lock);
  return did;
}

/* Do the host work of ST, then open its gate.  No lock held.  */
static void
run_host (struct gcn_queue *q, struct gcn_step *st)
{
  int err = 0;

  if (st->host == GCN_HOST_COPY)
    {
      err = gcn_copy_now (q->dev, st->dir, st->dst, st->src, st->size,
			  st->peer);
      if (GT_UNLIKELY (gtc_profile_is_on ()))
	__atomic_store_n (&st->signal->done_ns, gtc_profile_clock (),
			  __ATOMIC_RELEASE);
    }
  else
    st->fn (st->arg);
  pthread_mutex_lock (&q->lock);
  if (err)
    q->failed = true;
  st->running = false;
  st->done = true;
  gcn_hsa.hsa_signal_store_release (st->gate->h, 0);
  pthread_mutex_unlock (&q->lock);
}

int
gcn_serve (struct gtc_device *d)
{
  struct gcn_device *dev = gcn_device_of (d);
  struct serve_todo todo;
  struct gcn_queue *q;
  int did = 0;

  if (gtc_is_ending ()
      || pthread_mutex_trylock (&dev->serve_lock) != 0)
    return 0;
  memset (&todo, 0, sizeof todo);
  pthread_mutex_lock (&dev->queues_lock);
  for (q = dev->queues;
       q != NULL && todo.end_kernel == NULL && todo.rev == NULL;
       q = q->next)
    did |= serve_queue (q, &todo);
  pthread_mutex_unlock (&dev->queues_lock);
  pthread_mutex_unlock (&dev->serve_lock);

  /* A kernel that ends the program (exit, abort): a thread waiting for
     the device ends it from where it waits, when there is one, rather
     than the serving thread under the feet of that thread.  */
  if (todo.end_kernel != NULL && polling_dev != dev
      && gtc_server_polled (&dev->server))
    return 0;
  if (todo.end_kernel != NULL)
    {
      gtc_claim_end (true);
      gcn_console_finish (dev, todo.end_kernel, todo.end, todo.end_value);
    }
  if (todo.rev != NULL)
    {
      /* Without locks: serving the request may need the device.  */
      gcn_console_rev_offload (dev, todo.rev->launch.out, todo.rev_slot);
      pthread_mutex_lock (&todo.rev_q->lock);
      todo.rev->serving = false;
      pthread_mutex_unlock (&todo.rev_q->lock);
    }
  if (todo.host != NULL)
    run_host (todo.host_q, todo.host);
  return did;
}

/* ---- Waiting.  ---- */

struct wait_arg
{
  struct gcn_queue *q;
  uint64_t target;
};

static bool
retired (void *arg)
{
  struct wait_arg *w = arg;

  return __atomic_load_n (&w->q->retired, __ATOMIC_ACQUIRE) >= w->target;
}

/* Wait until the steps issued to Q so far have retired.  */
static int
wait_queue (struct gcn_queue *q)
{
  struct wait_arg w = { q, __atomic_load_n (&q->pushed, __ATOMIC_ACQUIRE) };
  struct gcn_device *outer;
  bool failed;
  long slack;
  int r;

  /* The exit handlers of the thread ending the program for a device wait
     for nothing (the device may never finish): the program is over.  */
  if (gtc_ending_self ())
    return 0;

  outer = polling_dev;
  polling_dev = q->dev;
  gtc_server_poll_begin (&q->dev->server);
  slack = set_slack (GCN_SERVE_SLACK_NS);
  r = gtc_wait_serve (&q->dev->core, retired, &w, gcn_serve);
  /* Another thread is ending the program (a kernel fault reported by the
     runtime's thread, a device exit): what was waited for may look done
     only because that thread's exit handlers released it, and this one
     must not go on meanwhile.  */
  if (gtc_is_ending ())
    gtc_claim_end (true);
  if (slack >= 0)
    set_slack (slack);
  gtc_server_poll_end (&q->dev->server);
  polling_dev = outer;
  if (r != 0)
    return r;
  pthread_mutex_lock (&q->lock);
  failed = q->failed;
  q->failed = false;
  pthread_mutex_unlock (&q->lock);
  return failed ? GT_RTL_FAIL : 0;
}

int
gcn_sync (struct gtc_queue *cq)
{
  return wait_queue ((struct gcn_queue *) cq);
}

int
gcn_run_service_kernel (struct gcn_device *dev, struct gcn_kernel *k)
{
  struct gcn_queue *q = dev->service;
  int err;

  if (gtc_is_ending ())
    return 0;
  err = issue_launch (q, k, NULL, 0, 1, 1);
  if (err == 0)
    err = wait_queue (q);
  return err;
}
