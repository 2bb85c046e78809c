/* nvptx-profile.c -- the device's own times of the copies and launches
   of the nvptx plugin's streams under GOMPTARGET_PROFILE (or an OMPT
   trace of the device), by CUDA events recorded around each.  A stream
   runs in order: an operation issued right behind the one timed last,
   while that one has not finished, starts as it ends, so the two share
   that event (one event per operation instead of two); an operation
   issued to an idle stream, or behind anything else, gets an event of
   its own before it.  Each event is converted once, with
   cuEventElapsedTime from the event of the same stream converted before
   it (at first, a reference event recorded when the stream was made,
   whose time on the front end's clock was taken then): the gaps are
   short, so the float of milliseconds that cuEventElapsedTime gives
   loses nothing a microsecond shows, and they add up exactly to whole
   nanoseconds; the GPU's timer drifts from the front end's clock, so an
   event converted to a time before it was recorded or after it was read
   is moved inside, and those converted from it move with it.  The core
   reads them once the end event has been reached, where it syncs or
   issues to the stream; not while it issues to a busy stream those of
   the BUSY_LAG operations just before (most likely not reached either:
   the read would be a driver call bound to fail); one that fails all
   the same, LAG operations behind the one being issued, is not tried
   again until LAG more have been (a stream that falls behind is asked
   ever less often: a driver call per operation otherwise, that finds
   it not reached); and a synchronisation saves the query of the next
   operation.
   Nothing of this runs unless the front end records, and for a copy
   only where its times are asked for (gtc_profile_copies_timed: else
   nvptx-bound.c ends it, with no driver call).  The events are
   kept for reuse, one list per stream, without a lock.  A stream's and
   an event's handles name their context: the calls on them are made
   without making it current first (a driver call each, two per
   operation), only where the driver asks for it, as nvptx_queue_sync
   does; only cuEventCreate needs it.  A launch of a kernel that takes
   its own times (nvptx-clock.c) has no event: an operation issued behind
   it gets an event of its own before it, and the times of a stream's
   operations, from either clock, are kept in order as they are read.

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

/* An event of a stream: the boundary of one or two operations.  */
struct nvptx_mark
{
  CUevent ev;
  int refs;			/* Atomic: tokens, the queue's LAST_MARK and
				   ANCHOR.  */
  bool recorded;		/* On the stream (set before the token is
				   handed on).  */
  unsigned char state;		/* MARK_*, under the queue's
				   CONVERTING.  */
  uint64_t seq;			/* As an end: the core's sequence number of
				   its operation.  */
  uint64_t ns, dev_ns;		/* With MARK_CONVERTED: on the front end's
				   clock and on the device's.  */
  uint64_t at;			/* The front end's clock as it was
				   recorded: the stream reached it
				   later.  */
  struct nvptx_mark *from;	/* As an end, i.e. a token: the start.  */
  struct nvptx_mark *next;	/* In the stream's free lists.  */
};

enum { MARK_NEW, MARK_CONVERTED, MARK_FAILED };

/* Tries at the reading of both clocks: the tightest is kept.  */
#define CALIBRATION_TRIES 5

/* While an operation is issued to a busy stream, the times of the
   operations issued this many before it or fewer are not read.  */
#define BUSY_LAG 16

void
nvptx_times_init (struct nvptx_queue *q)
{
  uint64_t t0, t1, best = UINT64_MAX;
  CUevent ref, base = NULL;
  float ms;
  int i;

  q->time_ref = NULL;
  q->time_ref_dev = 0;
  q->last_mark = NULL;
  q->last_seq = UINT64_MAX;
  q->synced_seq = UINT64_MAX;
  q->busy_seq = 0;
  q->idle_at_mark = IDLE_UNKNOWN;
  q->read_after = 0;
  q->converting = false;
  q->anchor = NULL;
  q->free_marks = NULL;
  q->spare_marks = NULL;
  q->read_end = q->read_dev_end = 0;
  nvptx_clock_init (q);
  nvptx_bound_init (q);
  if (!gtc_profile_device_times () || CU (cuEventElapsedTime) == NULL)
    return;
  /* The stream is new and idle: an event recorded on it is reached
     between T0 and T1, taken as their middle.  */
  for (i = 0; i < CALIBRATION_TRIES; i++)
    {
      if (CU (cuEventCreate) (&ref, CU_EVENT_DEFAULT) != CUDA_SUCCESS)
	break;
      t0 = gtc_profile_clock ();
      if (CU (cuEventRecord) (ref, q->stream) != CUDA_SUCCESS
	  || CU (cuEventSynchronize) (ref) != CUDA_SUCCESS)
	{
	  CU (cuEventDestroy_v2) (ref);
	  break;
	}
      t1 = gtc_profile_clock ();
      if (t1 - t0 >= best)
	{
	  CU (cuEventDestroy_v2) (ref);
	  continue;
	}
      if (q->time_ref != NULL)
	CU (cuEventDestroy_v2) (q->time_ref);
      q->time_ref = ref;
      q->time_ref_ns = t0 + (t1 - t0) / 2;
      best = t1 - t0;
    }
  /* The first queue's reference is the origin of the device's clock, in
     which all its queues' times are given to an OMPT tool.  */
  q->time_ref_owned = true;
  if (q->time_ref != NULL)
    {
      struct nvptx_device *dev = (struct nvptx_device *) q->core.dev;

      pthread_mutex_lock (&dev->peer_lock);
      if (dev->time_base == NULL)
	{
	  dev->time_base = q->time_ref;
	  dev->time_base_ns = q->time_ref_ns;
	  q->time_ref_owned = false;
	}
      else
	base = dev->time_base;
      pthread_mutex_unlock (&dev->peer_lock);
    }
  /* The reference of another queue: where it lies on the device's
     clock, once.  */
  if (base != NULL
      && (CU (cuEventElapsedTime) (&ms, base, q->time_ref) != CUDA_SUCCESS
	  || !(ms >= 0)))
    {
      CU (cuEventDestroy_v2) (q->time_ref);
      q->time_ref = NULL;
    }
  else if (base != NULL)
    q->time_ref_dev = (uint64_t) ((double) ms * 1e6 + 0.5);
}

void
nvptx_times_fini_device (struct nvptx_device *dev)
{
  if (dev->time_base != NULL)
    CU (cuEventDestroy_v2) (dev->time_base);
  dev->time_base = NULL;
}

/* Drop a reference to M of Q: the last puts it on Q's free list.  */
static void
mark_put (struct nvptx_queue *q, struct nvptx_mark *m)
{
  struct nvptx_mark *old;

  if (m == NULL || __atomic_sub_fetch (&m->refs, 1, __ATOMIC_ACQ_REL) != 0)
    return;
  /* Only time_begin takes marks off, the whole list at once: no ABA.  */
  old = __atomic_load_n (&q->free_marks, __ATOMIC_RELAXED);
  do
    m->next = old;
  while (!__atomic_compare_exchange_n (&q->free_marks, &old, m, true,
				       __ATOMIC_RELEASE, __ATOMIC_RELAXED));
}

/* A mark of Q with one reference, taken from Q's free lists or new
   (under the core's lock of Q); NULL when none can be made.  */
static struct nvptx_mark *
mark_new (struct nvptx_queue *q)
{
  struct nvptx_mark *m = q->spare_marks;

  if (m == NULL)
    m = __atomic_exchange_n (&q->free_marks, NULL, __ATOMIC_ACQUIRE);
  if (m != NULL)
    q->spare_marks = m->next;
  /* Creating an event is the one call that needs the context.  */
  else if (nvptx_use ((struct nvptx_device *) q->core.dev) != 0
	   || (m = malloc (sizeof *m)) == NULL
	   || CU (cuEventCreate) (&m->ev, CU_EVENT_DEFAULT) != CUDA_SUCCESS)
    {
      free (m);
      return NULL;
    }
  m->refs = 1;
  m->recorded = false;
  m->state = MARK_NEW;
  m->from = NULL;
  return m;
}

/* Driver call CALL on a stream's or an event's handle, made once more
   with Q's context current if the driver asks for it.  */
#define ON_HANDLE(q, r, call) \
  do \
    { \
      (r) = (call); \
      if (GT_UNLIKELY ((r) == CUDA_ERROR_INVALID_CONTEXT) \
	  && nvptx_use ((struct nvptx_device *) (q)->core.dev) == 0) \
	(r) = (call); \
    } \
  while (0)

void
nvptx_times_fini (struct nvptx_queue *q)
{
  struct nvptx_mark *m;

  mark_put (q, q->last_mark);
  mark_put (q, q->anchor);
  q->last_mark = q->anchor = NULL;
  while ((m = q->free_marks) != NULL || (m = q->spare_marks) != NULL)
    {
      if (m == q->free_marks)
	q->free_marks = m->next;
      else
	q->spare_marks = m->next;
      CU (cuEventDestroy_v2) (m->ev);
      free (m);
    }
  if (q->time_ref != NULL && q->time_ref_owned)
    CU (cuEventDestroy_v2) (q->time_ref);
  q->time_ref = NULL;
  nvptx_clock_fini (q);
  nvptx_bound_fini (q);
}

void *
nvptx_time_begin (struct gtc_queue *gq, int kind, uint64_t seq)
{
  struct nvptx_queue *q = (struct nvptx_queue *) gq;
  struct nvptx_mark *start = NULL, *end;
  CUresult r = CUDA_SUCCESS;
  void *slot;
  /* Issued right behind the operation timed last by events, or behind a
     launch that takes its own times, which no synchronisation of the
     stream has seen reached since.  */
  bool behind_mark
    = q->last_mark != NULL && q->last_seq == seq
      && seq != __atomic_load_n (&q->synced_seq, __ATOMIC_RELAXED);
  bool behind_clocked
    = seq != 0
      && seq == __atomic_load_n (&q->clock_issued, __ATOMIC_RELAXED)
      && seq != __atomic_load_n (&q->clock_synced, __ATOMIC_RELAXED);
  bool copy = kind == GT_PROFILE_OP_COPY_TO || kind == GT_PROFILE_OP_COPY_FROM;

  q->idle_at_mark = IDLE_UNKNOWN;

  /* A launch of a kernel that takes its own times needs no event; behind
     either, the stream is taken to be busy without asking the driver.  */
  if (kind == GT_PROFILE_OP_LAUNCH
      && (slot = nvptx_clock_take (q, seq)) != NULL)
    {
      if (behind_mark || behind_clocked)
	__atomic_store_n (&q->busy_seq, seq, __ATOMIC_RELAXED);
      return slot;
    }
  /* A copy is timed by events only on request (nvptx-bound.c).  */
  if (q->time_ref == NULL || nvptx_off ()
      || (copy && !gtc_profile_copies_timed (q->core.dev)))
    return NULL;
  /* Behind the event timed last, which the stream has not reached: this
     one starts as it ends (and no earlier than now, as that one has not
     ended yet).  */
  if (behind_mark)
    ON_HANDLE (q, r, CU (cuEventQuery) (q->last_mark->ev));
  if (r == CUDA_ERROR_NOT_READY)
    {
      start = q->last_mark;
      __atomic_add_fetch (&start->refs, 1, __ATOMIC_RELAXED);
    }
  if ((end = mark_new (q)) == NULL)
    {
      mark_put (q, start);
      return NULL;
    }
  if (start == NULL)
    {
      /* A copy asks here, before the event, whether the stream is idle
	 (the query it would make anyway).  */
      if (copy)
	{
	  ON_HANDLE (q, r, CU (cuStreamQuery) (q->stream));
	  q->idle_at_mark = r == CUDA_SUCCESS ? IDLE_YES : IDLE_NO;
	}
      if ((start = mark_new (q)) != NULL)
	{
	  start->at = gtc_profile_clock ();
	  ON_HANDLE (q, r, CU (cuEventRecord) (start->ev, q->stream));
	}
      if (start == NULL || r != CUDA_SUCCESS)
	{
	  mark_put (q, start);
	  mark_put (q, end);
	  q->idle_at_mark = IDLE_UNKNOWN;
	  return NULL;
	}
      start->recorded = true;
      if (behind_clocked)
	__atomic_store_n (&q->busy_seq, seq, __ATOMIC_RELAXED);
    }
  else
    {
      __atomic_store_n (&q->busy_seq, seq, __ATOMIC_RELAXED);
      /* Behind an operation not yet done.  */
      if (copy)
	q->idle_at_mark = IDLE_NO;
    }
  end->from = start;
  end->seq = seq + 1;
  return end;
}

void *
nvptx_time_end (struct gtc_queue *gq, int unused_kind, void *token,
		uint64_t seq)
{
  struct nvptx_queue *q = (struct nvptx_queue *) gq;
  struct nvptx_mark *end = token, *old = q->last_mark;
  CUresult r;

  (void) unused_kind;
  __atomic_store_n (&q->busy_seq, 0, __ATOMIC_RELAXED);
  q->idle_at_mark = IDLE_UNKNOWN;
  if (end == NULL)
    return nvptx_bound_take (q, seq);
  if (nvptx_clock_token (q, token))
    return nvptx_clock_end (q, token);
  end->at = gtc_profile_clock ();
  ON_HANDLE (q, r, CU (cuEventRecord) (end->ev, q->stream));
  if (r != CUDA_SUCCESS)
    {
      mark_put (q, end->from);
      mark_put (q, end);
      __atomic_store_n (&q->last_seq, UINT64_MAX, __ATOMIC_RELAXED);
      return NULL;
    }
  end->recorded = true;
  /* The next operation may start as this one ends.  */
  __atomic_add_fetch (&end->refs, 1, __ATOMIC_RELAXED);
  q->last_mark = end;
  /* Release: a synchronisation that reads it comes after the
     recording.  */
  __atomic_store_n (&q->last_seq, end->seq, __ATOMIC_RELEASE);
  mark_put (q, old);
  return end;
}

/* Convert M of Q (Q's CONVERTING taken) from the event converted last:
   1 done, 0 it cannot be, -1 not reached yet.  */
static int
mark_convert (struct nvptx_queue *q, struct nvptx_mark *m)
{
  struct nvptx_mark *a = q->anchor;
  float ms;
  int64_t delta, shift = 0;
  uint64_t now;
  CUresult r;

  if (m->state != MARK_NEW)
    return m->state == MARK_CONVERTED;
  ON_HANDLE (q, r, CU (cuEventElapsedTime) (&ms, a != NULL ? a->ev
							   : q->time_ref,
					      m->ev));
  if (r == CUDA_ERROR_NOT_READY)
    return -1;
  /* Whole nanoseconds, rounded: the sum of many short gaps stays
     exact.  */
  delta = (int64_t) ((double) ms * 1e6 + (ms >= 0 ? 0.5 : -0.5));
  if (r != CUDA_SUCCESS || ms != ms
      || (int64_t) (a != NULL ? a->dev_ns : q->time_ref_dev) + delta < 0)
    {
      m->state = MARK_FAILED;
      return 0;
    }
  m->ns = (a != NULL ? a->ns : q->time_ref_ns) + (uint64_t) delta;
  m->dev_ns = (a != NULL ? a->dev_ns : q->time_ref_dev) + (uint64_t) delta;
  /* The GPU's timer drifts from the front end's clock by some
     millionths, and the gaps add up: the stream reached M after it was
     recorded and before it was read (now).  A time outside is moved
     inside, and the events converted from M later move with it.  */
  now = gtc_profile_clock ();
  if ((int64_t) (m->ns - m->at) < 0)
    shift = (int64_t) (m->at - m->ns);
  else if ((int64_t) (m->ns - now) > 0)
    shift = -(int64_t) (m->ns - now);
  if ((int64_t) m->dev_ns + shift >= 0)
    {
      m->ns += (uint64_t) shift;
      m->dev_ns += (uint64_t) shift;
    }
  m->state = MARK_CONVERTED;
  __atomic_add_fetch (&m->refs, 1, __ATOMIC_RELAXED);
  q->anchor = m;
  mark_put (q, a);
  return 1;
}

static int
read_times (struct gtc_queue *gq, void *token, uint64_t *start,
	    uint64_t *end, uint64_t *dev_start, uint64_t *dev_end)
{
  struct nvptx_queue *q = (struct nvptx_queue *) gq;
  struct nvptx_mark *e = token, *s;
  uint64_t busy;
  int got;

  if (nvptx_clock_token (q, token))
    return nvptx_clock_read (q, token, start, end, dev_start, dev_end);
  if (nvptx_bound_token (q, token))
    return nvptx_bound_read (q, token, end);
  s = e->from;
  /* Seen not reached just now, or issued a little before what was, or
     found not reached lately, far behind: not yet (the reading would
     most likely fail; reporting it later costs nothing).  */
  busy = __atomic_load_n (&q->busy_seq, __ATOMIC_RELAXED);
  if (nvptx_in_host_call
      || (busy != 0
	  && (e->seq + BUSY_LAG > busy
	      || busy < __atomic_load_n (&q->read_after, __ATOMIC_RELAXED))))
    return -1;
  /* The program ends: the driver is left alone, the events kept.  */
  if (nvptx_off ())
    {
      mark_put (q, s);
      mark_put (q, e);
      return 0;
    }
  if (!e->recorded)
    {
      /* Issuing it failed (under the core's lock of the queue): what
	 it left on the stream ends no operation.  */
      __atomic_store_n (&q->last_seq, UINT64_MAX, __ATOMIC_RELAXED);
      __atomic_store_n (&q->busy_seq, 0, __ATOMIC_RELAXED);
      mark_put (q, s);
      mark_put (q, e);
      return 0;
    }
  /* The core reads a recorded token where it drains the queue's times,
     one thread at a time, and elsewhere only when it runs out of memory:
     of two at once, the second reads nothing now.  */
  if (__atomic_exchange_n (&q->converting, true, __ATOMIC_ACQUIRE))
    return -1;
  got = mark_convert (q, s);
  if (got > 0)
    got = mark_convert (q, e);
  if (got < 0)
    {
      /* Not reached, LAG behind: not asked again for LAG more.  */
      if (busy != 0)
	__atomic_store_n (&q->read_after, busy + (busy - e->seq),
			  __ATOMIC_RELAXED);
      __atomic_store_n (&q->converting, false, __ATOMIC_RELEASE);
      return -1;
    }
  if (got && e->ns >= s->ns)
    {
      *start = s->ns;
      *end = e->ns;
      *dev_start = s->dev_ns;
      *dev_end = e->dev_ns;
    }
  else
    got = 0;
  __atomic_store_n (&q->converting, false, __ATOMIC_RELEASE);
  mark_put (q, s);
  mark_put (q, e);
  return got;
}

/* A stream runs in order: an operation starts no earlier than the one
   before it ended.  Its times may come from the kernels' clock or from
   events, whose calibrations differ by a microsecond or so: the start
   is moved to the end before where they do.  The core reads a queue's
   times in order, one thread at a time.  */
int
nvptx_time_read (struct gtc_queue *gq, void *token, uint64_t *start,
		 uint64_t *end, uint64_t *dev_start, uint64_t *dev_end)
{
  struct nvptx_queue *q = (struct nvptx_queue *) gq;
  int got = read_times (gq, token, start, end, dev_start, dev_end);

  if (got != 1)
    return got;
  if (*start < q->read_end)
    *start = q->read_end;
  if (*end < *start)
    *end = *start;
  if (*dev_start < q->read_dev_end)
    *dev_start = q->read_dev_end;
  if (*dev_end < *dev_start)
    *dev_end = *dev_start;
  q->read_end = *end;
  q->read_dev_end = *dev_end;
  return got;
}
