/* nvptx-watch.c -- host functions of the nvptx plugin's streams
   (cuLaunchHostFunc), by which the core learns that nowait work
   completed, and the watcher of the faults of such work: after a fault
   the driver drops the host functions, and nothing would ever complete,
   so while any is pending a serving thread of the core polls the
   streams, and a fault is fatal there as it is for a thread that
   waits.

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

/* Set on the threads that run host functions of streams.  */
GTC_TLS bool nvptx_in_host_call;

/* ---- The watcher: faults of work nobody waits for.  ---- */

static pthread_mutex_t watch_lock = PTHREAD_MUTEX_INITIALIZER;
static struct nvptx_queue *watched;	/* Every queue, under WATCH_LOCK.  */

#define WATCH_INTERVAL_NS 5000000

/* Poll the streams with host functions pending, and those of devices
   whose code called exit; -1 ends the watcher.  */
static int
watch_streams (struct gtc_device *unused)
{
  struct nvptx_queue *q;

  (void) unused;
  pthread_mutex_lock (&watch_lock);
  for (q = watched; q != NULL; q = q->next_watched)
    {
      struct nvptx_device *dev = (struct nvptx_device *) q->core.dev;
      int32_t status;
      CUresult r;
      bool exited;
      if (nvptx_off ())
	break;
      exited = nvptx_exit_called (dev, &status);
      if (!exited
	  && __atomic_load_n (&q->pending_calls, __ATOMIC_ACQUIRE) == 0)
	continue;
      const char *op = "cuCtxSetCurrent";
      r = CU (cuCtxSetCurrent) (dev->ctx);
      if (r == CUDA_SUCCESS)
	{
	  op = "cuStreamQuery";
	  r = CU (cuStreamQuery) (q->stream);
	}
      if (r != CUDA_SUCCESS && r != CUDA_ERROR_NOT_READY)
	{
	  pthread_mutex_unlock (&watch_lock);
	  /* Returns only when the program is ending anyway.  */
	  nvptx_device_fault (q, dev, op, r);
	  return -1;
	}
      if (r == CUDA_SUCCESS && exited)
	{
	  /* Device code called exit, and the stream is done.  */
	  pthread_mutex_unlock (&watch_lock);
	  nvptx_exit_end (dev, status);
	  return -1;
	}
    }
  pthread_mutex_unlock (&watch_lock);
  /* The program ends on a device error: the watcher too.  */
  return nvptx_off () ? -1 : 0;
}

/* The core's serving thread of the whole plugin: while host functions
   are pending (its work), polls every WATCH_INTERVAL_NS.  */
static const struct gtc_server_ops watch_ops = {
  .what = "the fault watcher",
  .without = "faults of nowait regions will not be noticed",
  .serve = watch_streams,
  .interval_ns = WATCH_INTERVAL_NS
};

static struct gtc_server watcher = GTC_SERVER_INITIALIZER (&watch_ops);

void
nvptx_watch_add (struct nvptx_queue *q)
{
  pthread_mutex_lock (&watch_lock);
  q->next_watched = watched;
  watched = q;
  pthread_mutex_unlock (&watch_lock);
}

void
nvptx_watch_remove (struct nvptx_queue *q)
{
  struct nvptx_queue **p;

  pthread_mutex_lock (&watch_lock);
  for (p = &watched; *p != NULL; p = &(*p)->next_watched)
    if (*p == q)
      {
	*p = q->next_watched;
	break;
      }
  pthread_mutex_unlock (&watch_lock);
}

/* ---- Host functions.  ---- */

struct host_call
{
  void (*fn) (void *);
  void *arg;
  struct nvptx_queue *q;
};

static void
host_call_run (void *arg)
{
  struct host_call *c = arg;
  struct nvptx_queue *q = c->q;
  int32_t status;

  nvptx_in_host_call = true;
  c->fn (c->arg);
  nvptx_in_host_call = false;
  free (c);
  __atomic_sub_fetch (&q->pending_calls, 1, __ATOMIC_ACQ_REL);
  /* Device code called exit: the watcher stays awake to end the program
     (a host function may not).  */
  if (GT_UNLIKELY (nvptx_exit_called ((struct nvptx_device *) q->core.dev,
				      &status)))
    return;
  gtc_server_work_end (&watcher);
}

int
nvptx_host_call (struct nvptx_queue *q, void (*fn) (void *), void *arg)
{
  struct nvptx_device *dev = (struct nvptx_device *) q->core.dev;
  struct host_call *c = malloc (sizeof *c);
  CUresult r;

  if (c == NULL)
    {
      gt_plugin_error ("out of host memory queueing a host function");
      return -1;
    }
  c->fn = fn;
  c->arg = arg;
  c->q = q;
  __atomic_add_fetch (&q->pending_calls, 1, __ATOMIC_ACQ_REL);
  gtc_server_work_begin (&watcher);
  r = CU (cuLaunchHostFunc) (q->stream, host_call_run, c);
  if (r != CUDA_SUCCESS)
    {
      __atomic_sub_fetch (&q->pending_calls, 1, __ATOMIC_ACQ_REL);
      gtc_server_work_end (&watcher);
      free (c);
      nvptx_report (dev, "cuLaunchHostFunc", r);
      return -1;
    }
  return 0;
}
