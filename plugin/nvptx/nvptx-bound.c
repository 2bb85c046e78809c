/* nvptx-bound.c -- the end of an operation that the nvptx plugin traces
   without the device's own times of it: by default the copies (CUDA
   events around a copy cost the driver a few microseconds each on a GPU,
   more than the copy of a scalar itself), and with
   GOMPTARGET_PROFILE_DEVICE_TIMES=0 everything.  A stream runs in order,
   so such an operation had ended when a launch issued behind it, which
   takes its own times (nvptx-clock.c), started, and when the core
   learnt that it had completed (time_completed: a synchronisation of
   the stream returned, or a host call the core issued behind nowait
   work ran): its span ends at the earlier of the two known, recorded
   among the synchronisations of nvptx-clock.c.  This costs no driver
   call: a host function behind each operation, to see when it ran,
   would stop the stream until a host thread had run it.

   A stream made to wait for another (a dependence) ran the other's
   operations issued before the wait first: once the wait is known
   completed, those are too, so that the arrow of the dependence finds
   where they ran.

   Each queue has a ring of NVPTX_BOUNDS records, taken in turn as
   operations are issued (under the core's lock of the queue) and freed
   as the core reads them, in the queue's order; with the next one not
   read yet, the core issues a host function as before.

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

#include "nvptx.h"

#include <stdlib.h>
#include <string.h>

void
nvptx_bound_init (struct nvptx_queue *q)
{
  q->bound_head = q->bound_unlinked = 0;
  q->wait_head = q->wait_seen = 0;
  memset (q->waits, 0, sizeof q->waits);
  q->bounds = NULL;
  if (gtc_profile_is_on ())
    q->bounds = calloc (NVPTX_BOUNDS, sizeof *q->bounds);
}

void
nvptx_bound_fini (struct nvptx_queue *q)
{
  free (q->bounds);
  q->bounds = NULL;
}

void *
nvptx_bound_take (struct nvptx_queue *q, uint64_t seq)
{
  struct nvptx_bound *b;

  if (q->bounds == NULL)
    return NULL;
  b = &q->bounds[q->bound_head];
  if (__atomic_load_n (&b->state, __ATOMIC_ACQUIRE) != 0)
    return NULL;
  b->state = 1;
  b->seq = seq;
  b->kernel = NULL;
  q->bound_head = (q->bound_head + 1) % NVPTX_BOUNDS;
  return b;
}

void
nvptx_bound_link (struct nvptx_queue *q, struct nvptx_clock_slot *s)
{
  unsigned i;

  if (q->bounds == NULL)
    return;
  for (i = q->bound_unlinked; i != q->bound_head; i = (i + 1) % NVPTX_BOUNDS)
    {
      q->bounds[i].kernel_seq = s->seq;
      __atomic_store_n (&q->bounds[i].kernel, s, __ATOMIC_RELEASE);
    }
  q->bound_unlinked = q->bound_head;
}

void
nvptx_bound_wait (struct nvptx_queue *q, struct nvptx_queue *other,
		  uint64_t upto, uint64_t at)
{
  unsigned i;

  if (q->bounds == NULL || upto == 0)
    return;
  /* The count last: a synchronisation that read it finds the entry.  */
  i = __atomic_load_n (&q->wait_head, __ATOMIC_RELAXED) % NVPTX_WAITS;
  __atomic_store_n (&q->waits[i].upto, 0, __ATOMIC_RELAXED);
  __atomic_store_n (&q->waits[i].other, other, __ATOMIC_RELAXED);
  __atomic_store_n (&q->waits[i].at, at, __ATOMIC_RELAXED);
  __atomic_store_n (&q->waits[i].upto, upto, __ATOMIC_RELEASE);
  __atomic_add_fetch (&q->wait_head, 1, __ATOMIC_RELEASE);
}

/* Q has run its operations up to sequence number SEQ: so have the
   operations of other queues its waits among them waited for.  */
static void
waits_done (struct nvptx_queue *q, uint64_t seq)
{
  unsigned waits = __atomic_load_n (&q->wait_head, __ATOMIC_ACQUIRE);
  unsigned k = __atomic_load_n (&q->wait_seen, __ATOMIC_RELAXED);
  struct nvptx_queue *other;
  uint64_t upto;

  if (waits - k > NVPTX_WAITS)
    k = waits - NVPTX_WAITS;
  /* In the order of Q's stream.  Another thread may pass some of them
     on too: a bound twice.  */
  for (; k != waits; k++)
    {
      unsigned i = k % NVPTX_WAITS;

      upto = __atomic_load_n (&q->waits[i].upto, __ATOMIC_ACQUIRE);
      other = __atomic_load_n (&q->waits[i].other, __ATOMIC_RELAXED);
      if (upto == 0)
	continue;
      if (__atomic_load_n (&q->waits[i].at, __ATOMIC_RELAXED) > seq)
	break;
      nvptx_clock_synced (other, 0, upto);
    }
  __atomic_store_n (&q->wait_seen, k, __ATOMIC_RELAXED);
}

void
nvptx_time_completed (struct gtc_queue *gq, uint64_t seq)
{
  struct nvptx_queue *q = (struct nvptx_queue *) gq;

  if (q->bounds == NULL)
    return;
  nvptx_clock_synced (q, 0, seq);
  waits_done (q, seq);
}

bool
nvptx_bound_token (const struct nvptx_queue *q, const void *token)
{
  const struct nvptx_bound *b = token;

  return q->bounds != NULL && b >= q->bounds && b < q->bounds + NVPTX_BOUNDS;
}

int
nvptx_bound_read (struct nvptx_queue *q, void *token, uint64_t *end)
{
  struct nvptx_bound *b = token;
  struct nvptx_clock_slot *k
    = __atomic_load_n (&b->kernel, __ATOMIC_ACQUIRE);
  uint64_t t = nvptx_clock_sync_bound (q, b->seq), started;
  int got = 2;

  /* The launch behind it is read after it, in the queue's order: its slot
     is still its own, unless issuing it failed.  */
  if (k != NULL && (started = nvptx_clock_started (q, k, b->kernel_seq)) < t)
    t = started;
  if (t == UINT64_MAX)
    {
      /* The program ends without a synchronisation: no end.  */
      if (!nvptx_off ())
	return -1;
      got = 0;
    }
  *end = t;
  __atomic_store_n (&b->state, 0, __ATOMIC_RELEASE);
  return got;
}
