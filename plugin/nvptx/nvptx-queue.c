/* nvptx-queue.c -- the nvptx plugin's queues: each of the core's queues
   is a CUDA stream (hardware queues).  Copies and launches are only
   issued to it, a wait for another queue is cuStreamWaitEvent on that
   queue's mark, host calls are host functions (nvptx-watch.c), and a
   thread that waits for a stream polls it, serving the device's
   reverse-offload requests meanwhile.

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

/* The program has started to exit.  Registered at the first queue, once
   the front end registered its exit handler (at the first device it
   initialised): this one runs before it.  */
static void
note_exit (void)
{
  /* The host function of a reverse-offload request (or the front end,
     on an error in it) ends the program: its kernel waits for the
     request, so nothing of the device may be waited for any more.  */
  if (nvptx_in_rev_service)
    gtc_claim_end (false);
}

static void
register_note_exit (void)
{
  atexit (note_exit);
}

/* ---- Queues.  ---- */

int
nvptx_queue_init (struct gtc_queue *gq)
{
  struct nvptx_queue *q = (struct nvptx_queue *) gq;
  struct nvptx_device *dev = (struct nvptx_device *) gq->dev;
  CUresult r;

  if (nvptx_use (dev) != 0)
    return -1;
  r = CU (cuStreamCreate) (&q->stream, CU_STREAM_NON_BLOCKING);
  if (r != CUDA_SUCCESS)
    {
      nvptx_report (dev, "cuStreamCreate", r);
      return -1;
    }
  r = CU (cuEventCreate) (&q->mark, CU_EVENT_DISABLE_TIMING);
  if (r != CUDA_SUCCESS)
    {
      nvptx_report (dev, "cuEventCreate", r);
      CU (cuStreamDestroy_v2) (q->stream);
      return -1;
    }
  pthread_mutex_init (&q->mark_lock, NULL);
  pthread_mutex_init (&q->outs_lock, NULL);
  {
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    gt_once (&once, NULL, register_note_exit);
  }
  nvptx_times_init (q);
  nvptx_watch_add (q);
  gt_plugin_debug ("device %d: queue %u is stream %p", nvptx_num (dev),
		   gq->index, (void *) q->stream);
  return 0;
}

void
nvptx_queue_fini (struct gtc_queue *gq)
{
  struct nvptx_queue *q = (struct nvptx_queue *) gq;
  struct nvptx_device *dev = (struct nvptx_device *) gq->dev;

  nvptx_watch_remove (q);
  free (q->outs);
  q->outs = NULL;
  q->nouts = 0;
  if (nvptx_use (dev) != 0)
    return;
  nvptx_stage_fini (q);
  if (q->args)
    CU (cuMemFree_v2) (q->args);
  q->args = 0;
  while (q->nold_args > 0)
    CU (cuMemFree_v2) (q->old_args[--q->nold_args]);
  free (q->old_args);
  q->old_args = NULL;
  if (q->peer_event)
    CU (cuEventDestroy_v2) (q->peer_event);
  nvptx_times_fini (q);
  CU (cuEventDestroy_v2) (q->mark);
  CU (cuStreamDestroy_v2) (q->stream);
}

/* Has the stream of ARG (a struct stream_poll) run everything?  */
struct stream_poll
{
  CUstream stream;
  CUresult result;
};

static bool
stream_done (void *arg)
{
  struct stream_poll *p = arg;
  p->result = CU (cuStreamQuery) (p->stream);
  return p->result != CUDA_ERROR_NOT_READY;
}

int
nvptx_queue_sync (struct nvptx_queue *q)
{
  struct nvptx_device *dev = (struct nvptx_device *) q->core.dev;
  struct stream_poll poll = { q->stream, CUDA_SUCCESS };
  uint64_t outs, timed = 0, clocked = 0;
  CUresult r;

  /* The context is made current only where it is needed (below).  */
  if (GT_UNLIKELY (nvptx_off ()))
    return -1;
  outs = nvptx_outs_last (q);
  /* Under GOMPTARGET_PROFILE: the end of the operation timed last is
     reached once this returns.  */
  if (q->time_ref != NULL)
    timed = __atomic_load_n (&q->last_seq, __ATOMIC_ACQUIRE);
  if (q->clock_slots != NULL)
    clocked = __atomic_load_n (&q->clock_issued, __ATOMIC_ACQUIRE);
  /* The data of the copies from the device issued before is in staging
     memory once the stream is synchronized: those still waiting are
     made here, on to the program's memory.  Another thread issuing to
     the stream (it may be shared) may have put some in a host function
     only after the synchronisation began: then once more.  */
  do
    {
      /* Where the device may make reverse-offload requests, poll while
	 the work runs, serving them; the final synchronisation returns at
	 once, reports what failed, and has the driver write out what the
	 kernels printed.  */
      if (__atomic_load_n (&dev->mailboxes, __ATOMIC_ACQUIRE) != NULL)
	{
	  /* Serving the device's reverse-offload requests meanwhile, which
	     copies in the device's context.  */
	  if (nvptx_use (dev) != 0)
	    return -1;
	  nvptx_rev_wait_begin (dev);
	  gtc_wait_serve (&dev->core, stream_done, &poll, nvptx_rev_serve);
	  nvptx_rev_wait_end (dev);
	}
      /* Else nothing to serve: the driver waits, as it likes best.  */
      /* A stream's handle names its context: the context is not made
	 current first, which would cost a driver call per wait (a waited
	 region waits once per launch); only if the driver asks for it.  */
      r = CU (cuStreamSynchronize) (q->stream);
      if (GT_UNLIKELY (r == CUDA_ERROR_INVALID_CONTEXT))
	{
	  if (nvptx_use (dev) != 0)
	    return -1;
	  r = CU (cuStreamSynchronize) (q->stream);
	}
      if (r != CUDA_SUCCESS)
	return nvptx_device_fault (q, dev, "cuStreamSynchronize", r);
    }
  while (!nvptx_outs_done (q, outs));
  if (timed != 0)
    __atomic_store_n (&q->synced_seq, timed, __ATOMIC_RELAXED);
  nvptx_clock_synced (q, clocked, clocked);
  __atomic_store_n (&q->last_kernel, NULL, __ATOMIC_RELEASE);
  nvptx_exit_check (dev);
  return 0;
}

int
nvptx_sync (struct gtc_queue *gq)
{
  return nvptx_queue_sync ((struct nvptx_queue *) gq);
}

int
nvptx_issue_wait (struct gtc_queue *gq, struct gtc_queue *gother)
{
  struct nvptx_queue *q = (struct nvptx_queue *) gq;
  struct nvptx_queue *other = (struct nvptx_queue *) gother;
  struct nvptx_device *dev = (struct nvptx_device *) gq->dev;
  struct nvptx_device *odev = (struct nvptx_device *) gother->dev;
  bool pushed = false;
  CUcontext popped;
  CUresult r;

  uint64_t upto;

  if (nvptx_use (dev) != 0)
    return -1;
  pthread_mutex_lock (&other->mark_lock);
  /* Read before the event: what the event follows.  */
  upto = other->bounds != NULL ? gtc_queue_issued (gother) : 0;
  if (odev != dev)
    {
      r = CU (cuCtxPushCurrent_v2) (odev->ctx);
      if (r != CUDA_SUCCESS)
	goto fail;
      pushed = true;
    }
  /* What OTHER copied to the program's memory is part of what Q waits
     for.  */
  r = nvptx_outs_issue (other) == 0 ? CU (cuEventRecord) (other->mark,
							 other->stream)
				     : CUDA_ERROR_UNKNOWN;
  if (pushed)
    CU (cuCtxPopCurrent_v2) (&popped);
  if (r == CUDA_SUCCESS)
    r = CU (cuStreamWaitEvent) (q->stream, other->mark, 0);
  pthread_mutex_unlock (&other->mark_lock);
  /* Under the core's lock of Q: the wait is the next operation of Q.  */
  if (r == CUDA_SUCCESS)
    nvptx_bound_wait (q, other, upto, gtc_queue_issued (gq) + 1);
  if (r != CUDA_SUCCESS)
    {
      nvptx_report (dev, "cuStreamWaitEvent", r);
      return -1;
    }
  return 0;
 fail:
  pthread_mutex_unlock (&other->mark_lock);
  nvptx_report (dev, "cuCtxPushCurrent", r);
  return -1;
}

int
nvptx_issue_host_call (struct gtc_queue *gq, void (*fn) (void *), void *arg)
{
  struct nvptx_device *dev = (struct nvptx_device *) gq->dev;

  if (nvptx_use (dev) != 0
      || nvptx_outs_issue ((struct nvptx_queue *) gq) != 0)
    return -1;
  return nvptx_host_call ((struct nvptx_queue *) gq, fn, arg);
}
