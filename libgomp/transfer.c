/* transfer.c -- the operations of one construct on its device.  Every
   copy, launch and host call of a construct is queued on the device with
   the plugin's asynchronous interface, each behind the one before (the
   first behind the construct's own dependences), without the host
   waiting in between; a construct that must finish before the directive
   returns waits once for the last one.  Memory the operations read later
   -- the staged small copies, pointer values computed now -- is staging
   memory owned by the transfer until its operations are done: for a
   construct the thread waits for, the thread's own, reused; for a nowait
   construct, memory the transfer's last operation releases.  Host memory
   a copy reads is read when the copy runs, so that a construct queued
   behind unfinished work sees what that work writes back (for staged
   copies the reads are then queued host calls: defer_reads).  A plugin
   without the asynchronous interface gets each operation at once,
   synchronously.

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

#include "transfer.h"
#include "device-calls.h"
#include "mapping.h"
#include "profile.h"
#include "gt-once.h"

#include <limits.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

/* Staging memory comes in chunks of at least this size.  */
#define CHUNK_SIZE (72 * 1024)

struct gt_xfer_chunk
{
  struct gt_xfer_chunk *next;
  size_t size, used;
  max_align_t data[];
};

/* A read of host memory into staging memory, queued as a host call.  */
struct gt_xfer_gather
{
  struct gt_xfer_gather *next;
  void *dst;
  const void *src;
  size_t size;
};

/* Transfers and chunks released by nowait constructs, for reuse.  */
static gt_mutex_t free_lock = GT_MUTEX_INITIALIZER;
GT_FORK_LOCK (free_lock);
static struct gt_xfer *free_xfers;
static struct gt_xfer_chunk *free_chunks;

/* The transfer of the constructs a thread waits for.  */
static GT_TLS struct gt_xfer thread_xfer;
static pthread_key_t thread_key;
static pthread_once_t thread_once = PTHREAD_ONCE_INIT;

static void
chunks_free (struct gt_xfer_chunk *c)
{
  while (c != NULL)
    {
      struct gt_xfer_chunk *next = c->next;
      free (c);
      c = next;
    }
}

static void
thread_exit (void *unused)
{
  (void) unused;
  chunks_free (thread_xfer.chunks);
  thread_xfer.chunks = thread_xfer.cur = NULL;
}

static void
make_thread_key (void)
{
  pthread_key_create (&thread_key, thread_exit);
}

void
gt_xfer_free_deferred (struct gt_device *dev)
{
  struct gt_block *dead;

  if (GT_LIKELY (__atomic_load_n (&dev->free_later, __ATOMIC_RELAXED)
		 == NULL))
    return;
  dead = __atomic_exchange_n (&dev->free_later, NULL, __ATOMIC_ACQUIRE);
  GT_ANNOTATE_HAPPENS_AFTER (&dev->free_later);
  gt_blocks_free (dead);
}

/* EV is the event of the operation just queued on X.  */
static inline void
queued (struct gt_xfer *x, tgt_event_t ev)
{
  x->last = ev;
  x->own[x->nown++ % GT_XFER_OWN] = ev;
}

static void
init (struct gt_xfer *x, struct gt_device *dev, int ndeps,
      const tgt_event_t *deps, bool defer_reads)
{
  int i;

  gt_xfer_free_deferred (dev);
  x->dev = dev;
  x->async = dev->async;
  x->defer_reads = defer_reads && dev->async;
  x->in_use = true;
  x->last = NULL;
  x->nown = 0;
  x->ndone = UINT_MAX;
  x->nafter = 0;
  x->gathers = NULL;
  x->dead = NULL;
  x->defer_from = false;
  x->nlater = 0;
  x->ndeps = 0;
  for (i = 0; i < ndeps && x->async; i++)
    if (deps[i] != NULL)
      {
	if (x->ndeps == GT_XFER_MAX_DEPS)
	  gt_fatal ("too many dependences for one construct");
	x->deps[x->ndeps++] = deps[i];
      }
  /* Without dependences every operation goes to the thread's own queue
     of the device, in order: no need to name the one before.  With
     them, the first goes to the queue of the first, and the others must
     follow it there.  */
  x->chain = x->ndeps > 0;
  x->cur = x->chunks;
  if (x->cur)
    x->cur->used = 0;
}

struct gt_xfer *
gt_xfer_thread (struct gt_device *dev)
{
  struct gt_xfer *x = &thread_xfer;

  if (GT_UNLIKELY (x->in_use))
    return NULL;
  init (x, dev, 0, NULL, false);
  x->owned = false;
  if (dev->caps & GT_CAP_RUNS_IN_PLACE)
    x->async = false;
  return x;
}

struct gt_xfer *
gt_xfer_new (struct gt_device *dev, int ndeps, const tgt_event_t *deps,
	     bool defer_reads)
{
  struct gt_xfer *x;

  gt_lock (&free_lock);
  x = free_xfers;
  if (x != NULL)
    free_xfers = x->next_free;
  gt_unlock (&free_lock);
  if (x == NULL)
    x = gt_calloc (1, sizeof *x);
  init (x, dev, ndeps, deps, defer_reads);
  x->owned = true;
  return x;
}

void *
gt_xfer_stage (struct gt_xfer *x, size_t size)
{
  struct gt_xfer_chunk *c = x->cur;
  size_t need = (size + 15) & ~(size_t) 15;
  void *p;

  /* The next chunk that fits, reused or new.  */
  while (c == NULL || c->size - c->used < need)
    {
      struct gt_xfer_chunk **link = c ? &c->next : &x->chunks;
      c = *link;
      if (c != NULL && c->size >= need)
	c->used = 0;
      else
	{
	  size_t sz = need > CHUNK_SIZE ? need : CHUNK_SIZE;
	  struct gt_xfer_chunk *n = NULL;
	  if (sz == CHUNK_SIZE && x->owned)
	    {
	      gt_lock (&free_lock);
	      n = free_chunks;
	      if (n != NULL)
		free_chunks = n->next;
	      gt_unlock (&free_lock);
	    }
	  if (n == NULL)
	    {
	      if (!x->owned && x->chunks == NULL)
		{
		  gt_once (&thread_once, NULL, make_thread_key);
		  pthread_setspecific (thread_key, (void *) 1);
		}
	      n = gt_malloc (offsetof (struct gt_xfer_chunk, data) + sz);
	      n->size = sz;
	    }
	  /* Insert it here; a chunk too small for this stays behind it.  */
	  n->next = c;
	  n->used = 0;
	  *link = n;
	  c = n;
	}
    }
  x->cur = c;
  p = (char *) c->data + c->used;
  c->used += need;
  return p;
}

/* The dependences of the next operation of X, in DEPS (room for
   2 * GT_XFER_MAX_DEPS): the last one's, or the construct's own, and
   those added by gt_xfer_after; their number in *N.  */
static inline tgt_event_t *
next_deps (struct gt_xfer *x, int *n, tgt_event_t *deps)
{
  int i, k;

  if (GT_LIKELY (x->nafter == 0))
    {
      if (x->last != NULL)
	{
	  *n = x->chain;
	  return &x->last;
	}
      *n = x->ndeps;
      return x->deps;
    }
  /* An operation goes to the queue of its first dependence: the one of
     the operations so far must come first (one is made if need be).  */
  if (x->last == NULL && x->ndeps == 0)
    queued (x, gt_dev_async_join (x->dev, 0, NULL));
  k = 0;
  if (x->last != NULL)
    deps[k++] = x->last;
  else
    for (i = 0; i < x->ndeps; i++)
      deps[k++] = x->deps[i];
  for (i = 0; i < x->nafter; i++)
    deps[k++] = x->after[i];
  x->nafter = 0;
  *n = k;
  return deps;
}

/* Run the copies from the device that X put off.  */
static void
run_later (struct gt_xfer *x)
{
  int i;

  for (i = 0; i < x->nlater; i++)
    gt_copy_from_dev (x->dev, x->later[i].dst, x->later[i].src,
		      x->later[i].size);
  x->nlater = 0;
}

void
gt_xfer_after (struct gt_xfer *x, tgt_event_t ev)
{
  unsigned i;

  if (ev == NULL || !x->dev->async)
    return;
  /* Run at once so far: queue from now on, behind EV.  What ran is done
     already, and what was put off runs now, before.  */
  if (!x->async)
    {
      run_later (x);
      x->async = true;
    }
  /* X's own operations are queued in order, each behind the one
     before.  */
  for (i = 0; i < x->nown && i < GT_XFER_OWN; i++)
    if (x->own[i] == ev)
      return;
  for (i = 0; i < (unsigned) x->nafter; i++)
    if (x->after[i] == ev)
      return;
  if (x->nafter == GT_XFER_MAX_DEPS)
    {
      /* Rare: join the ones so far into one (never wait here: the
	 device's lock may be held).  */
      x->after[0] = gt_dev_async_join (x->dev, x->nafter, x->after);
      x->nafter = 1;
    }
  x->after[x->nafter++] = ev;
}

static void
run_gathers (void *arg)
{
  struct gt_xfer_gather *g;

  for (g = arg; g != NULL; g = g->next)
    memcpy (g->dst, g->src, g->size);
}

/* Queue the reads of host memory recorded so far.  */
static void
flush_gathers (struct gt_xfer *x)
{
  int n;
  tgt_event_t *deps, buf[2 * GT_XFER_MAX_DEPS];

  if (x->gathers == NULL)
    return;
  deps = next_deps (x, &n, buf);
  queued (x, gt_dev_async_call (x->dev, run_gathers, x->gathers, n, deps));
  x->gathers = NULL;
}

void
gt_xfer_read (struct gt_xfer *x, void *dst, const void *src, size_t size)
{
  struct gt_xfer_gather *g;

  if (!x->defer_reads)
    {
      memcpy (dst, src, size);
      return;
    }
  g = gt_xfer_stage (x, sizeof *g);
  g->dst = dst;
  g->src = src;
  g->size = size;
  g->next = x->gathers;
  x->gathers = g;
}

void
gt_xfer_staged_to (struct gt_xfer *x, void *dst, const void *src,
		   size_t size)
{
  int n;
  tgt_event_t *deps, buf[2 * GT_XFER_MAX_DEPS];

  if (size == 0)
    return;
  if (!x->async)
    {
      gt_copy_to_dev (x->dev, dst, src, size);
      return;
    }
  flush_gathers (x);
  deps = next_deps (x, &n, buf);
  queued (x, gt_dev_async_to (x->dev, dst, src, size, n, deps));
}

void
gt_xfer_to (struct gt_xfer *x, void *dst, const void *src, size_t size)
{
  /* The plugin reads SRC when the copy runs.  */
  gt_xfer_staged_to (x, dst, src, size);
}

void
gt_xfer_value (struct gt_xfer *x, void *dst, const void *src, size_t size)
{
  /* A value the runtime made (a device address): its own copy.  */
  bool own = gt_profile_own_begin ();
  void *p;

  if (!x->async)
    gt_copy_to_dev (x->dev, dst, src, size);
  else
    {
      p = gt_xfer_stage (x, size);
      memcpy (p, src, size);
      gt_xfer_staged_to (x, dst, p, size);
    }
  gt_profile_own_end (own);
}

void
gt_xfer_from (struct gt_xfer *x, void *dst, const void *src, size_t size)
{
  int n;
  tgt_event_t *deps, buf[2 * GT_XFER_MAX_DEPS];

  if (size == 0)
    return;
  if (!x->async)
    {
      if (x->defer_from && x->nlater < GT_XFER_LATER)
	{
	  x->later[x->nlater].dst = dst;
	  x->later[x->nlater].src = src;
	  x->later[x->nlater].size = size;
	  x->nlater++;
	}
      else
	gt_copy_from_dev (x->dev, dst, src, size);
      return;
    }
  flush_gathers (x);
  deps = next_deps (x, &n, buf);
  queued (x, gt_dev_async_from (x->dev, dst, src, size, n, deps));
}

void
gt_xfer_run (struct gt_xfer *x, void *entry, void **vars, size_t mapnum,
	     int num_teams, int thread_limit)
{
  int n;
  tgt_event_t *deps, buf[2 * GT_XFER_MAX_DEPS];

  if (!x->async)
    {
      if (!gt_dev_run_region (x->dev, entry, vars, mapnum, num_teams,
			      thread_limit))
	gt_region_failed (x->dev, "running", entry);
      return;
    }
  flush_gathers (x);
  deps = next_deps (x, &n, buf);
  queued (x, gt_dev_async_run (x->dev, entry, vars, mapnum, num_teams,
			       thread_limit, !x->owned, n, deps));
}

void
gt_xfer_free_later (struct gt_xfer *x, struct gt_block *dead)
{
  while (dead != NULL)
    {
      struct gt_block *next = dead->next_dead;
      dead->next_dead = x->dead;
      x->dead = dead;
      dead = next;
    }
}

bool
gt_xfer_done (struct gt_xfer *x)
{
  if (x->gathers != NULL || x->nafter != 0)
    return false;
  if (x->nown == x->ndone || !x->async || x->last == NULL
      || gt_dev_done (x->dev, x->last))
    {
      x->ndone = x->nown;
      return true;
    }
  return false;
}

bool
gt_xfer_wait (struct gt_xfer *x)
{
  if (GT_UNLIKELY (x->nlater != 0))
    run_later (x);
  if (x->nown == x->ndone && x->gathers == NULL && x->nafter == 0)
    return true;
  flush_gathers (x);
  if (GT_UNLIKELY (x->nafter != 0))
    {
      /* Nothing was queued behind them: wait for them here.  */
      int i;
      for (i = 0; i < x->nafter; i++)
	if (!gt_dev_wait (x->dev, x->after[i]))
	  return false;
      x->nafter = 0;
    }
  return !x->async || x->last == NULL || gt_dev_wait (x->dev, x->last);
}

/* Give X and its staging memory back for reuse.  */
static void
release (struct gt_xfer *x)
{
  struct gt_xfer_chunk *c = x->chunks, *keep = NULL;

  x->in_use = false;
  if (!x->owned)
    return;
  x->chunks = x->cur = NULL;
  gt_lock (&free_lock);
  while (c != NULL)
    {
      struct gt_xfer_chunk *next = c->next;
      if (c->size == CHUNK_SIZE)
	{
	  c->next = free_chunks;
	  free_chunks = c;
	}
      else
	{
	  c->next = keep;
	  keep = c;
	}
      c = next;
    }
  x->next_free = free_xfers;
  free_xfers = x;
  gt_unlock (&free_lock);
  chunks_free (keep);
}

void
gt_xfer_end (struct gt_xfer *x)
{
  struct gt_block *dead = x->dead;

  x->dead = NULL;
  gt_blocks_free (dead);
  release (x);
}

void
gt_free_later (struct gt_device *dev, struct gt_block *dead)
{
  while (dead != NULL)
    {
      struct gt_block *b = dead;
      dead = b->next_dead;
      b->next_dead = __atomic_load_n (&dev->free_later, __ATOMIC_RELAXED);
      do
	/* B, NEXT_DEAD included, is handed over by the exchange.  */
	GT_ANNOTATE_HAPPENS_BEFORE (&dev->free_later);
      while (!__atomic_compare_exchange_n (&dev->free_later, &b->next_dead,
					   b, true, __ATOMIC_RELEASE,
					   __ATOMIC_RELAXED));
    }
}

/* The last operation of a nowait construct, on whatever thread runs the
   queue (perhaps a vendor's callback, which must not call the plugin):
   the blocks it freed go to the device's list of memory to free.  */
void
gt_xfer_release (struct gt_xfer *x)
{
  gt_free_later (x->dev, x->dead);
  x->dead = NULL;
  release (x);
}

static void
finish_op (void *arg)
{
  gt_xfer_release (arg);
}

tgt_event_t
gt_xfer_finish (struct gt_xfer *x, struct gt_xfer **keep)
{
  int n;
  tgt_event_t *deps, buf[2 * GT_XFER_MAX_DEPS];

  if (keep != NULL)
    *keep = NULL;
  if (!x->async)
    {
      gt_xfer_end (x);
      return NULL;
    }
  flush_gathers (x);
  /* X's operations are queued in order, each behind the one before
     (next_deps): the last one's completion is theirs, unless operations
     still to come had more to wait for.  Then X needs no operation of
     its own to be given back: on software queues, whose worker runs
     every operation and sees it fail, its caller keeps it; elsewhere a
     completion notice gives it back.  A host call would do too, but on
     a GPU the stream waits for the host to run each, so one behind every
     construct of a burst of nowait work would stall the device once per
     construct, while the notices of a queue share one (queue-notify.c);
     and the pending notice keeps the plugin watching the faults (and
     device code's exit) of work nobody waits for (nvptx-watch.c).  */
  if (x->last != NULL && x->nafter == 0)
    {
      tgt_event_t last = x->last;

      if (keep != NULL && (x->dev->caps & GT_CAP_RUNS_IN_PLACE))
	*keep = x;
      else
	gt_dev_async_notify (x->dev, last,
			     (void *) ((uintptr_t) x | GT_TOKEN_XFER));
      return last;
    }
  deps = next_deps (x, &n, buf);
  return gt_dev_async_call (x->dev, finish_op, x, n, deps);
}
