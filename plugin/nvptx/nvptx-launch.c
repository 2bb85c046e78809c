/* nvptx-launch.c -- launches of the nvptx plugin, with GCC's OpenMP
   kernel ABI: the address array in device memory (a ring per queue),
   blocks of 32 x warps threads with soft stacks (nvptx-memory.c), GCC
   14's low-latency pool as dynamic shared memory, and the
   reverse-offload server told of kernels that may make requests.

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
#include <string.h>

/* Device memory for the address arrays of launches, per queue, to start
   with.  */
#define NVPTX_ARGS_SIZE (64u << 10)

/* ---- Launches.  ---- */

/* Device memory for SIZE bytes of launch arguments on Q: the ring is
   reused in stream order; a bigger one replaces it when needed.  */
static CUdeviceptr
args_memory (struct nvptx_queue *q, size_t size)
{
  struct nvptx_device *dev = (struct nvptx_device *) q->core.dev;
  CUdeviceptr p;
  CUresult r;

  size = (size + 255) & ~(size_t) 255;
  if (size > q->args_size)
    {
      size_t want = q->args_size ? q->args_size : NVPTX_ARGS_SIZE;
      while (want < 2 * size)
	want *= 2;
      if (q->args)
	{
	  /* Kernels may still read the old one: it goes at the end (a
	     wait for the stream here could wait for a host function that
	     needs the queue's lock, which the core holds).  */
	  CUdeviceptr *old = realloc (q->old_args,
				      (q->nold_args + 1) * sizeof *old);
	  if (old == NULL)
	    {
	      gt_plugin_error ("out of host memory");
	      return 0;
	    }
	  q->old_args = old;
	  old[q->nold_args++] = q->args;
	  q->args = 0;
	  q->args_size = 0;
	}
      r = CU (cuMemAlloc_v2) (&q->args, want);
      if (r != CUDA_SUCCESS)
	{
	  nvptx_report (dev, "cuMemAlloc (launch arguments)", r);
	  q->args = 0;
	  return 0;
	}
      q->args_size = want;
      q->args_head = 0;
    }
  if (q->args_head + size > q->args_size)
    q->args_head = 0;
  p = q->args + q->args_head;
  q->args_head += size;
  return p;
}

int
nvptx_launch (struct gtc_queue *gq, void *entry, void **vars, int32_t nvars,
	      int32_t num_teams, int32_t thread_limit)
{
  struct nvptx_queue *q = (struct nvptx_queue *) gq;
  struct nvptx_device *dev = (struct nvptx_device *) gq->dev;
  struct gtc_kernel *k = entry;
  struct nvptx_kernel *nk = k->handle;
  struct nvptx_image *img = (struct nvptx_image *) k->image;
  int warps, max_warps, teams, max_teams, regs;
  unsigned shared = nvptx_shared_bytes (img);
  size_t args_bytes = (size_t) nvars * sizeof (void *);
  CUdeviceptr vars_dev = 0;
  struct nvptx_stacks *stacks;
  bool ctx_made = false, clocked = false;
  CUresult r;

  /* The context is made current only where the driver needs it: a
     launch names it by its stream and its kernel, and asking the driver
     which context is current would cost a call per region.  */
  if (GT_UNLIKELY (nvptx_off ()))
    return -1;
  if (img->rev_refused)
    {
      /* Its ancestor regions would be skipped.  */
      gt_plugin_error ("device %d: target region %s not run: its image has "
		       "reverse-offload functions, and %s", nvptx_num (dev),
		       k->name, img->rev_refused);
      return -1;
    }

  /* GCC runs an OpenMP thread per warp: blocks of 32 x WARPS threads, at
     most 32 warps and what the kernel can have; by default 8.  Teams: as
     asked, at most (and by default) what the device can run at once as
     far as registers tell, as GCC's plugin does (the device runtime
     gives a block several teams in turn).  */
  max_warps = nk->max_threads / 32;
  if (max_warps > 32)
    max_warps = 32;
  if (max_warps < 1)
    max_warps = 1;
  warps = thread_limit > 0 ? thread_limit : 8;
  if (warps > max_warps)
    warps = max_warps;
  regs = nk->regs > 0 ? nk->regs : 32;
  max_teams = dev->regs_per_sm / (regs * 32 * warps) * dev->sms;
  if (max_teams < 1)
    max_teams = 1;
  teams = num_teams > 0 && num_teams < max_teams ? num_teams : max_teams;
  if (shared > (unsigned) dev->max_shared_block)
    shared = (unsigned) dev->max_shared_block;

  /* Staging memory and the ring of address arrays may be allocated, and
     a reverse-offload image's launch is followed by a host function:
     then the context is made current first.  */
  if (nvars > 0 || img->mailbox)
    {
      if (nvptx_use (dev) != 0)
	return -1;
      ctx_made = true;
    }

  /* The address array, in device memory.  */
  if (nvars > 0)
    {
      void *slot;
      size_t got;
      if (args_bytes > NVPTX_STAGE_SEGMENT_MAX)
	{
	  gt_plugin_error ("device %d: target region %s has %d variables, "
			   "more than %u", nvptx_num (dev), k->name,
			   (int) nvars,
			   (unsigned) (NVPTX_STAGE_SEGMENT_MAX
				       / sizeof (void *)));
	  return -1;
	}
      slot = nvptx_stage (q, args_bytes, args_bytes, &got);
      vars_dev = slot ? args_memory (q, args_bytes) : 0;
      if (vars_dev == 0)
	return -1;
      memcpy (slot, vars, args_bytes);
      r = CU (cuMemcpyHtoDAsync_v2) (vars_dev, slot, args_bytes, q->stream);
      if (r != CUDA_SUCCESS)
	{
	  nvptx_report (dev, "cuMemcpyHtoDAsync (launch arguments)", r);
	  return -1;
	}
    }

  stacks = nvptx_stacks_acquire (dev, q, nvptx_stack_size * teams * warps);
  if (stacks == NULL)
    return -1;
  {
    /* A kernel that takes its own times has two more: its slot of the
       kernels' clock (nvptx-clock.c), or none.  */
    void *params[5] = { (void *) (uintptr_t) vars_dev,
			(void *) (uintptr_t) stacks->ptr,
			(void *) nvptx_stack_size, NULL, NULL };
    size_t params_size = (nk->clocked ? 5 : 3) * sizeof params[0];

    clocked = nk->clocked && nvptx_clock_params (q, &params[3]);
    void *config[] = { CU_LAUNCH_PARAM_BUFFER_POINTER, params,
		       CU_LAUNCH_PARAM_BUFFER_SIZE, &params_size,
		       CU_LAUNCH_PARAM_END };
    gt_plugin_debug ("device %d: launching %s (kernel %s): %d team(s) x %d "
		     "thread(s), grid %d x 1 x 1, block 32 x %d x 1, %u "
		     "bytes of shared memory, %zu KiB soft stack per thread%s",
		     nvptx_num (dev), k->name, nk->ptx_name, teams, warps,
		     teams, warps, shared, nvptx_stack_size >> 10,
		     img->mailbox ? ", reverse offload served" : "");
    /* Its reverse-offload requests are served while it runs.  */
    if (img->mailbox)
      nvptx_rev_launch_begin (dev);
    r = CU (cuLaunchKernel) (nk->fn, (unsigned) teams, 1, 1, 32,
			     (unsigned) warps, 1, shared, q->stream, NULL,
			     config);
    /* A driver that wants the context current (none, or another one, is:
       the program may have changed it) refuses the launch: once more
       with the context made current.  */
    if (GT_UNLIKELY (r == CUDA_ERROR_INVALID_CONTEXT
		     || r == CUDA_ERROR_INVALID_HANDLE)
	&& !ctx_made)
      {
	if (nvptx_use (dev) != 0)
	  r = CUDA_ERROR_INVALID_CONTEXT;
	else
	  r = CU (cuLaunchKernel) (nk->fn, (unsigned) teams, 1, 1, 32,
				   (unsigned) warps, 1, shared, q->stream,
				   NULL, config);
      }
  }
  if (r == CUDA_SUCCESS)
    {
      if (clocked)
	nvptx_clock_launched (q);
      /* For the message of a fault, which may come at the next call.  */
      __atomic_store_n (&q->last_kernel, k->name, __ATOMIC_RELEASE);
      __atomic_store_n (&dev->last_kernel, k->name, __ATOMIC_RELEASE);
    }
  nvptx_stacks_release (dev, q, stacks, r == CUDA_SUCCESS);
  if (img->mailbox)
    nvptx_rev_launch_end (dev, q, r == CUDA_SUCCESS);
  if (r != CUDA_SUCCESS)
    {
      char what[256];
      snprintf (what, sizeof what, "cuLaunchKernel (target region %s, %d "
		"team(s) x %d thread(s))", k->name, teams, warps);
      nvptx_report (dev, what, r);
      return -1;
    }
  return 0;
}
