/* nvptx-profile.c -- the device's own times of the copies and launches
   of the nvptx plugin's streams under GOMPTARGET_PROFILE: a pair of CUDA
   events recorded around each, read with cuEventElapsedTime from an
   event recorded on the stream when it was made, whose time on the
   front end's clock was taken then (cuEventElapsedTime gives
   milliseconds in a float: a microsecond's resolution for a program
   that runs some ten seconds, less after).  The core reads them once
   the end event has been reached, where it syncs or issues to the
   stream.  Nothing of this runs unless the front end records.  The pairs of events are kept for reuse, one
   list per stream.

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

/* The events of one operation.  */
struct nvptx_times
{
  CUevent start, end;
  struct nvptx_times *next;	/* In the stream's free list.  */
};

/* Tries at the reading of both clocks: the tightest is kept.  */
#define CALIBRATION_TRIES 5

void
nvptx_times_init (struct nvptx_queue *q)
{
  uint64_t t0, t1, best = UINT64_MAX;
  CUevent ref;
  int i;

  q->time_ref = NULL;
  q->free_times = NULL;
  pthread_mutex_init (&q->times_lock, NULL);
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
	  q->time_ref_owned = false;
	}
      pthread_mutex_unlock (&dev->peer_lock);
    }
}

void
nvptx_times_fini_device (struct nvptx_device *dev)
{
  if (dev->time_base != NULL)
    CU (cuEventDestroy_v2) (dev->time_base);
  dev->time_base = NULL;
}

static void
times_free (struct nvptx_times *t)
{
  if (t->start != NULL)
    CU (cuEventDestroy_v2) (t->start);
  if (t->end != NULL)
    CU (cuEventDestroy_v2) (t->end);
  free (t);
}

void
nvptx_times_fini (struct nvptx_queue *q)
{
  struct nvptx_times *t;

  while ((t = q->free_times) != NULL)
    {
      q->free_times = t->next;
      times_free (t);
    }
  if (q->time_ref != NULL && q->time_ref_owned)
    CU (cuEventDestroy_v2) (q->time_ref);
  q->time_ref = NULL;
  pthread_mutex_destroy (&q->times_lock);
}

void *
nvptx_time_begin (struct gtc_queue *gq, int unused_kind)
{
  struct nvptx_queue *q = (struct nvptx_queue *) gq;
  struct nvptx_times *t;

  (void) unused_kind;
  if (q->time_ref == NULL || nvptx_use ((struct nvptx_device *) gq->dev))
    return NULL;
  pthread_mutex_lock (&q->times_lock);
  if ((t = q->free_times) != NULL)
    q->free_times = t->next;
  pthread_mutex_unlock (&q->times_lock);
  if (t == NULL
      && ((t = calloc (1, sizeof *t)) == NULL
	  || CU (cuEventCreate) (&t->start, CU_EVENT_DEFAULT) != CUDA_SUCCESS
	  || CU (cuEventCreate) (&t->end, CU_EVENT_DEFAULT) != CUDA_SUCCESS))
    {
      if (t != NULL)
	times_free (t);
      return NULL;
    }
  if (CU (cuEventRecord) (t->start, q->stream) != CUDA_SUCCESS)
    {
      times_free (t);
      return NULL;
    }
  return t;
}

void *
nvptx_time_end (struct gtc_queue *gq, int unused_kind, void *token)
{
  struct nvptx_queue *q = (struct nvptx_queue *) gq;
  struct nvptx_times *t = token;

  (void) unused_kind;
  if (t != NULL && CU (cuEventRecord) (t->end, q->stream) != CUDA_SUCCESS)
    {
      times_free (t);
      return NULL;
    }
  return t;
}

int
nvptx_time_read (struct gtc_queue *gq, void *token, uint64_t *start,
		 uint64_t *end, uint64_t *dev_start, uint64_t *dev_end)
{
  struct nvptx_queue *q = (struct nvptx_queue *) gq;
  struct nvptx_device *dev = (struct nvptx_device *) gq->dev;
  struct nvptx_times *t = token;
  float from_ref, from_base, took;
  CUresult r;
  int got;

  if (nvptx_in_host_call)
    return -1;
  if (nvptx_use ((struct nvptx_device *) gq->dev) != 0)
    {
      /* The program ends: the driver is left alone.  */
      free (t);
      return 0;
    }
  r = CU (cuEventElapsedTime) (&took, t->start, t->end);
  /* Not run yet: read later.  */
  if (r == CUDA_ERROR_NOT_READY)
    return -1;
  got = (r == CUDA_SUCCESS
	 && CU (cuEventElapsedTime) (&from_ref, q->time_ref, t->start)
	    == CUDA_SUCCESS
	 && from_ref >= 0 && took >= 0);
  /* The device's own clock: from the origin of its first queue's
     reference.  */
  from_base = from_ref;
  if (got && q->time_ref != dev->time_base)
    got = (CU (cuEventElapsedTime) (&from_base, dev->time_base, t->start)
	   == CUDA_SUCCESS && from_base >= 0);
  if (got)
    {
      *start = q->time_ref_ns + (uint64_t) ((double) from_ref * 1e6);
      *end = *start + (uint64_t) ((double) took * 1e6);
      *dev_start = (uint64_t) ((double) from_base * 1e6);
      *dev_end = *dev_start + (uint64_t) ((double) took * 1e6);
    }
  /* Both events have completed: they may be recorded again.  */
  pthread_mutex_lock (&q->times_lock);
  t->next = q->free_times;
  q->free_times = t;
  pthread_mutex_unlock (&q->times_lock);
  return got;
}
