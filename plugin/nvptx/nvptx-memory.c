/* nvptx-memory.c -- the nvptx plugin's device memory: allocation for the
   core's pool (idle soft stacks go first when memory runs out), and the
   soft stacks of launches, cached per device and used again in stream
   order (GOMPTARGET_NVPTX_STACK_KB per warp).

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

#include <stdio.h>
#include <stdlib.h>


static void
stacks_free (struct nvptx_device *dev, struct nvptx_stacks *s)
{
  CUresult r = CU (cuMemFree_v2) (s->ptr);

  if (r != CUDA_SUCCESS)
    nvptx_report (dev, "cuMemFree (soft stacks)", r);
  CU (cuEventDestroy_v2) (s->done);
  free (s);
}

/* Has the last kernel that used S finished (DEV's stacks lock held)?
   Its stream records S's event only now, when another stream or the
   allocator wants S: a launch records none, and a stream that uses its
   own stacks again needs none (its kernels run in order).  The event
   follows all the stream's work so far, the kernel included.  */
static bool
stacks_idle (struct nvptx_device *dev, struct nvptx_stacks *s)
{
  if (s->broken)
    return false;
  if (s->user == NULL)
    return true;
  /* The launch path makes the context current only where needed.  */
  if (nvptx_use (dev) != 0)
    return false;
  if (!s->recorded)
    {
      CUresult r = CU (cuEventRecord) (s->done, s->user->stream);
      if (r != CUDA_SUCCESS)
	{
	  /* Nobody can tell when it is free again: never used again.  */
	  nvptx_report (dev, "cuEventRecord", r);
	  s->broken = true;
	  return false;
	}
      s->recorded = true;
    }
  return CU (cuEventQuery) (s->done) == CUDA_SUCCESS;
}

/* ---- Memory.  ---- */

void
nvptx_stacks_free_idle (struct nvptx_device *dev)
{
  struct nvptx_stacks **p, *s;

  gt_mutex_acquire (&dev->stacks_lock);
  for (p = &dev->stacks; (s = *p) != NULL;)
    if (stacks_idle (dev, s))
      {
	*p = s->next;
	stacks_free (dev, s);
      }
    else
      p = &s->next;
  gt_mutex_release (&dev->stacks_lock);
}

void *
nvptx_mem_alloc (struct gtc_device *gdev, size_t size)
{
  struct nvptx_device *dev = (struct nvptx_device *) gdev;
  CUdeviceptr p;
  CUresult r;

  if (nvptx_use (dev) != 0)
    return NULL;
  r = CU (cuMemAlloc_v2) (&p, size);
  if (r == CUDA_ERROR_OUT_OF_MEMORY)
    {
      /* Soft stacks nobody uses go first; the core then empties its
	 pool.  */
      nvptx_stacks_free_idle (dev);
      r = CU (cuMemAlloc_v2) (&p, size);
    }
  if (r == CUDA_SUCCESS)
    return (void *) (uintptr_t) p;
  if (r != CUDA_ERROR_OUT_OF_MEMORY)
    {
      char what[64];
      snprintf (what, sizeof what, "cuMemAlloc (%zu bytes)", size);
      nvptx_report (dev, what, r);
    }
  return NULL;
}

int
nvptx_mem_free (struct gtc_device *gdev, void *ptr)
{
  struct nvptx_device *dev = (struct nvptx_device *) gdev;
  CUresult r;

  if (nvptx_use (dev) != 0)
    return -1;
  r = CU (cuMemFree_v2) ((CUdeviceptr) (uintptr_t) ptr);
  if (r != CUDA_SUCCESS)
    {
      nvptx_report (dev, "cuMemFree", r);
      return -1;
    }
  return 0;
}

/* ---- Soft stacks.  ---- */

struct nvptx_stacks *
nvptx_stacks_acquire (struct nvptx_device *dev, struct nvptx_queue *q,
		      size_t size)
{
  struct nvptx_stacks *s, *best = NULL, *busy = NULL;
  CUdeviceptr ptr;
  CUresult r;

  gt_mutex_acquire (&dev->stacks_lock);
  for (s = dev->stacks; s != NULL; s = s->next)
    if (s->size >= size && !s->broken
	&& (best == NULL || s->size < best->size))
      {
	/* Free for Q when Q's own stream used it last (its kernels run in
	   order), or when its last kernel is done.  */
	if (s->user == q || stacks_idle (dev, s))
	  best = s;
	else if (busy == NULL && !s->broken)
	  busy = s;
      }
  if (best != NULL)
    return best;

  /* A new block.  (Nothing is freed here: the core holds the queue's
     lock, and cuMemFree waits for the device, whose host functions may
     need that lock.  Idle blocks go when memory runs out, see
     nvptx_mem_alloc, and at the end.)  The launch path makes the
     context current only where needed: here.  */
  if (nvptx_use (dev) != 0)
    {
      gt_mutex_release (&dev->stacks_lock);
      return NULL;
    }
  r = CU (cuMemAlloc_v2) (&ptr, size);
  if (r == CUDA_ERROR_OUT_OF_MEMORY && busy != NULL)
    {
      /* Wait, on the device, for a block in use (stacks_idle recorded
	 its event).  */
      r = CU (cuStreamWaitEvent) (q->stream, busy->done, 0);
      if (r == CUDA_SUCCESS)
	{
	  gt_plugin_debug ("device %d: soft stacks shared with another "
			   "stream, for want of memory", nvptx_num (dev));
	  return busy;
	}
    }
  if (r != CUDA_SUCCESS)
    {
      char what[96];
      snprintf (what, sizeof what, "cuMemAlloc (%zu bytes of soft stacks)",
		size);
      nvptx_report (dev, what, r);
      gt_mutex_release (&dev->stacks_lock);
      return NULL;
    }
  s = calloc (1, sizeof *s);
  if (s == NULL
      || (r = CU (cuEventCreate) (&s->done, CU_EVENT_DISABLE_TIMING))
	 != CUDA_SUCCESS)
    {
      if (s == NULL)
	gt_plugin_error ("out of host memory");
      else
	nvptx_report (dev, "cuEventCreate", r);
      free (s);
      CU (cuMemFree_v2) (ptr);
      gt_mutex_release (&dev->stacks_lock);
      return NULL;
    }
  s->ptr = ptr;
  s->size = size;
  s->next = dev->stacks;
  dev->stacks = s;
  gt_plugin_debug ("device %d: %zu KiB of soft stacks", nvptx_num (dev),
		   size >> 10);
  return s;
}

void
nvptx_stacks_release (struct nvptx_device *dev, struct nvptx_queue *q,
		      struct nvptx_stacks *s, bool launched)
{
  if (launched)
    {
      /* Its event is recorded when another stream wants it
	 (stacks_idle).  */
      s->user = q;
      s->recorded = false;
    }
  gt_mutex_release (&dev->stacks_lock);
}

void
nvptx_stacks_fini (struct nvptx_device *dev)
{
  gt_mutex_acquire (&dev->stacks_lock);
  while (dev->stacks)
    {
      struct nvptx_stacks *s = dev->stacks;
      dev->stacks = s->next;
      stacks_free (dev, s);
    }
  gt_mutex_release (&dev->stacks_lock);
}
