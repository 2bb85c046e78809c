/* plugin-nvptx.c -- the nvptx plugin: NVIDIA GPUs through the CUDA Driver
   API, on the plugin core.  One device per CUDA device, used through its
   primary context.  Each queue of the core is a CUDA stream (hardware
   queues): copies and launches are only issued to it, waits between
   queues are cuStreamWaitEvent, the core learns of completions from host
   functions (cuLaunchHostFunc), and a thread that waits polls its stream.
   Kernels are launched with GCC's OpenMP kernel ABI: the address array in
   device memory, soft stacks (cached per device), GCC 14's low-latency
   pool as dynamic shared memory.  A fault of the device (an illegal
   address, a trap) is fatal, naming the target region; faults of work
   nobody waits for are caught by a watcher thread.  At exit the devices
   are finished (work waited for, images unloaded, memory freed, primary
   contexts released).  Images are read in nvptx-image.c, copies made in
   nvptx-copy.c, the driver library is opened in nvptx-cuda.c.

   Environment: GOMPTARGET_CUDA_LIB (the driver library), GOMP_NVPTX_JIT,
   GOMP_NVPTX_LOWLAT_POOL, GOMPTARGET_NVPTX_HEAP_MB,
   GOMPTARGET_NVPTX_PRINTF_KB, GOMPTARGET_NVPTX_STACK_KB (see README).

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
#include <time.h>

/* GCC's offload target type of nvptx images.  */
#define NVPTX_TARGET_TYPE 5
/* Devices a plugin handles (peer bitmaps).  */
#define NVPTX_MAX_DEVICES 64
/* Device memory for the address arrays of launches, per queue, to start
   with.  */
#define NVPTX_ARGS_SIZE (64u << 10)

/* What the probe learnt of each device.  */
struct device_info
{
  CUdevice cu;
  char name[128];
  int cc_major, cc_minor, sms, max_threads_block, regs_per_sm, clock_khz;
  int max_shared_block, max_pitch;
  size_t total_mem;
};
static struct device_info *infos;

/* Soft stack bytes per warp (GOMPTARGET_NVPTX_STACK_KB; GCC's 128 KiB by
   default).  */
static size_t stack_size = 128u << 10;

/* Set on the threads that run host functions of streams.  */
__thread bool nvptx_in_host_call;

/* ---- Contexts and errors.  ---- */

int
nvptx_use (struct nvptx_device *dev)
{
  CUcontext cur = NULL;
  CUresult r;

  /* The program ends on a device error, or a host function of a stream
     ended it (the front end then finishes the devices from there): no
     more driver calls, no more messages.  */
  if (GT_UNLIKELY (nvptx_off ()))
    return -1;
  r = CU (cuCtxGetCurrent) (&cur);

  if (r == CUDA_SUCCESS && cur == dev->ctx)
    return 0;
  if (r == CUDA_SUCCESS)
    r = CU (cuCtxSetCurrent) (dev->ctx);
  if (r != CUDA_SUCCESS)
    {
      nvptx_report (dev, "cuCtxSetCurrent", r);
      return -1;
    }
  return 0;
}

/* The name of the target region whose kernel faulted, as far as Q (or
   else its device) can tell; NULL when no kernel ran.  */
static const char *
faulting_region (struct nvptx_queue *q, struct nvptx_device *dev)
{
  const char *name = q ? __atomic_load_n (&q->last_kernel, __ATOMIC_ACQUIRE)
		       : NULL;
  if (name == NULL)
    name = __atomic_load_n (&dev->last_kernel, __ATOMIC_ACQUIRE);
  return name;
}

/* The message of a fault that OP found names the target region whose
   kernel ran last, or, before any kernel ran (copies, an image's setup),
   OP itself.  */
#define FAULT_ARGS(name, op, r) \
  (name) ? (name) : (op), nvptx_cuda_error (r), \
  (r) == CUDA_ERROR_LAUNCH_FAILED ? " (perhaps abort was called)" : ""

void
nvptx_fault_message (struct nvptx_queue *q, struct nvptx_device *dev,
		     const char *op, CUresult r)
{
  const char *name = faulting_region (q, dev);

  if (name != NULL)
    gt_plugin_error ("device %d: the kernel of target region %s failed: "
		     "%s%s", nvptx_num (dev), FAULT_ARGS (name, op, r));
  else
    gt_plugin_error ("device %d: %s failed: %s%s", nvptx_num (dev),
		     FAULT_ARGS (name, op, r));
}

int
nvptx_device_fault (struct nvptx_queue *q, struct nvptx_device *dev,
		    const char *op, CUresult r)
{
  const char *name;

  if (nvptx_off ())
    return -1;
  name = faulting_region (q, dev);
  if (name != NULL)
    nvptx_fatal (nvptx_num (dev), "the kernel of target region %s failed: "
		 "%s%s", FAULT_ARGS (name, op, r));
  nvptx_fatal (nvptx_num (dev), "%s failed: %s%s", FAULT_ARGS (name, op, r));
}

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

/* ---- The watcher: faults of work nobody waits for.  ----

   The core learns that nowait work completed from host functions issued
   behind it; after a fault the driver drops them, and nothing would ever
   complete.  While host functions are pending, a thread of the plugin
   polls their streams, and a fault is fatal there as it is for a thread
   that waits.  */

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

/* ---- Devices.  ---- */

static int
attribute (CUdevice cu, CUdevice_attribute a, const char *what, int *out)
{
  CUresult r = CU (cuDeviceGetAttribute) (out, a, cu);

  if (r != CUDA_SUCCESS)
    {
      gt_plugin_debug ("CUDA device %d: cuDeviceGetAttribute (%s) failed: %s",
		       (int) cu, what, nvptx_cuda_error (r));
      return -1;
    }
  return 0;
}

static int
nvptx_probe (void)
{
  int n = 0, version = 0, i;
  CUresult r;
  long kb;

  if (!nvptx_cuda_load ())
    return 0;
  r = CU (cuInit) (0);
  if (r != CUDA_SUCCESS)
    {
      gt_plugin_debug ("cuInit failed: %s: no NVIDIA device",
		       nvptx_cuda_error (r));
      return 0;
    }
  if (CU (cuDriverGetVersion) (&version) != CUDA_SUCCESS)
    version = 0;
  r = CU (cuDeviceGetCount) (&n);
  if (r != CUDA_SUCCESS || n <= 0)
    {
      gt_plugin_debug ("CUDA driver %d.%d: %s", version / 1000,
		       version % 1000 / 10,
		       r != CUDA_SUCCESS ? nvptx_cuda_error (r)
					 : "no device");
      return 0;
    }
  if (n > NVPTX_MAX_DEVICES)
    n = NVPTX_MAX_DEVICES;
  infos = calloc ((size_t) n, sizeof *infos);
  if (infos == NULL)
    {
      gt_plugin_error ("out of host memory");
      return 0;
    }
  for (i = 0; i < n; i++)
    {
      struct device_info *d = &infos[i];
      r = CU (cuDeviceGet) (&d->cu, i);
      if (r == CUDA_SUCCESS)
	r = CU (cuDeviceGetName) (d->name, sizeof d->name, d->cu);
      if (r == CUDA_SUCCESS)
	r = CU (cuDeviceTotalMem_v2) (&d->total_mem, d->cu);
      if (r != CUDA_SUCCESS
	  || attribute (d->cu, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR,
			"compute capability", &d->cc_major)
	  || attribute (d->cu, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR,
			"compute capability", &d->cc_minor)
	  || attribute (d->cu, CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT,
			"multiprocessors", &d->sms)
	  || attribute (d->cu, CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_BLOCK,
			"threads per block", &d->max_threads_block)
	  || attribute (d->cu,
			CU_DEVICE_ATTRIBUTE_MAX_REGISTERS_PER_MULTIPROCESSOR,
			"registers", &d->regs_per_sm)
	  || attribute (d->cu, CU_DEVICE_ATTRIBUTE_CLOCK_RATE, "clock rate",
			&d->clock_khz)
	  || attribute (d->cu, CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK,
			"shared memory", &d->max_shared_block)
	  || attribute (d->cu, CU_DEVICE_ATTRIBUTE_MAX_PITCH, "pitch",
			&d->max_pitch))
	{
	  if (r != CUDA_SUCCESS)
	    gt_plugin_debug ("CUDA device %d: %s", i, nvptx_cuda_error (r));
	  gt_plugin_debug ("CUDA devices %d and up not used", i);
	  n = i;
	  break;
	}
      d->name[sizeof d->name - 1] = '\0';
      gt_plugin_debug ("CUDA device %d: %s, compute capability %d.%d, %d "
		       "multiprocessors, %zu MiB of memory", i, d->name,
		       d->cc_major, d->cc_minor, d->sms, d->total_mem >> 20);
    }
  if (n == 0)
    {
      free (infos);
      infos = NULL;
      return 0;
    }
  kb = gt_env_number ("GOMPTARGET_NVPTX_STACK_KB", 128, 1L << 20);
  stack_size = (size_t) (kb > 0 ? kb : 1) << 10;
  gt_plugin_debug ("CUDA driver %d.%d: %d device(s)", version / 1000,
		   version % 1000 / 10, n);
  return n;
}

/* Set context limit L from environment variable VAR (in units of UNIT
   bytes), if set.  */
static void
set_limit (struct nvptx_device *dev, CUlimit l, const char *var, size_t unit,
	   const char *what)
{
  long v = gt_env_number (var, -1, 1L << 30);
  size_t now = 0;
  CUresult r;

  if (v >= 0)
    {
      r = CU (cuCtxSetLimit) (l, (size_t) v * unit);
      if (r != CUDA_SUCCESS)
	gt_plugin_error ("device %d: cannot set the %s to %ld x %zu bytes "
			 "(%s): cuCtxSetLimit failed: %s", nvptx_num (dev),
			 what, v, unit, var, nvptx_cuda_error (r));
    }
  if (CU (cuCtxGetLimit) (&now, l) == CUDA_SUCCESS)
    gt_plugin_debug ("device %d: %s: %zu KiB", nvptx_num (dev), what,
		     now >> 10);
}

static int
nvptx_init_device (struct gtc_device *gdev)
{
  struct nvptx_device *dev = (struct nvptx_device *) gdev;
  const struct device_info *d = &infos[gdev->id];
  CUresult r;

  dev->cu = d->cu;
  memcpy (dev->name, d->name, sizeof dev->name);
  dev->cc_major = d->cc_major;
  dev->cc_minor = d->cc_minor;
  dev->sms = d->sms > 0 ? d->sms : 1;
  dev->max_threads_block = d->max_threads_block;
  dev->regs_per_sm = d->regs_per_sm > 0 ? d->regs_per_sm : 65536;
  dev->clock_khz = d->clock_khz;
  dev->max_shared_block = d->max_shared_block;
  dev->max_pitch = d->max_pitch > 0 ? (size_t) d->max_pitch : 0;
  dev->total_mem = d->total_mem;
  pthread_mutex_init (&dev->stacks_lock, NULL);
  pthread_mutex_init (&dev->peer_lock, NULL);
  nvptx_rev_init (dev);

  r = CU (cuDevicePrimaryCtxRetain) (&dev->ctx, dev->cu);
  if (r != CUDA_SUCCESS)
    {
      nvptx_report (dev, "cuDevicePrimaryCtxRetain", r);
      return -1;
    }
  dev->ctx_retained = true;
  if (nvptx_use (dev) != 0)
    {
      CU (cuDevicePrimaryCtxRelease_v2) (dev->cu);
      dev->ctx_retained = false;
      return -1;
    }
  set_limit (dev, CU_LIMIT_MALLOC_HEAP_SIZE, "GOMPTARGET_NVPTX_HEAP_MB",
	     1u << 20, "device heap");
  set_limit (dev, CU_LIMIT_PRINTF_FIFO_SIZE, "GOMPTARGET_NVPTX_PRINTF_KB",
	     1u << 10, "printf buffer");
  gt_plugin_debug ("device %d: %s (CUDA device %d), compute capability "
		   "%d.%d, %d multiprocessors, %zu MiB, primary context %p",
		   nvptx_num (dev), dev->name, (int) dev->cu, dev->cc_major,
		   dev->cc_minor, dev->sms, dev->total_mem >> 20,
		   (void *) dev->ctx);
  return 0;
}

static void
stacks_free (struct nvptx_device *dev, struct nvptx_stacks *s)
{
  CUresult r = CU (cuMemFree_v2) (s->ptr);

  if (r != CUDA_SUCCESS)
    nvptx_report (dev, "cuMemFree (soft stacks)", r);
  CU (cuEventDestroy_v2) (s->done);
  free (s);
}

static void
nvptx_fini_device (struct gtc_device *gdev)
{
  struct nvptx_device *dev = (struct nvptx_device *) gdev;
  CUresult r;

  if (!dev->ctx_retained || nvptx_off ())
    return;
  if (nvptx_use (dev) == 0)
    {
      pthread_mutex_lock (&dev->stacks_lock);
      while (dev->stacks)
	{
	  struct nvptx_stacks *s = dev->stacks;
	  dev->stacks = s->next;
	  stacks_free (dev, s);
	}
      pthread_mutex_unlock (&dev->stacks_lock);
      nvptx_peer_fini (dev);
      nvptx_rev_fini (dev);
      nvptx_exit_fini (dev);
    }
  CU (cuCtxSetCurrent) (NULL);
  r = CU (cuDevicePrimaryCtxRelease_v2) (dev->cu);
  if (r != CUDA_SUCCESS)
    nvptx_report (dev, "cuDevicePrimaryCtxRelease", r);
  dev->ctx_retained = false;
  dev->ctx = NULL;
  dev->last_kernel = NULL;
}

/* ---- Memory.  ---- */

void
nvptx_stacks_free_idle (struct nvptx_device *dev)
{
  struct nvptx_stacks **p, *s;

  pthread_mutex_lock (&dev->stacks_lock);
  for (p = &dev->stacks; (s = *p) != NULL;)
    if (!s->broken
	&& (s->user == NULL || CU (cuEventQuery) (s->done) == CUDA_SUCCESS))
      {
	*p = s->next;
	stacks_free (dev, s);
      }
    else
      p = &s->next;
  pthread_mutex_unlock (&dev->stacks_lock);
}

static void *
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

static int
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

  pthread_mutex_lock (&dev->stacks_lock);
  for (s = dev->stacks; s != NULL; s = s->next)
    if (s->size >= size && !s->broken
	&& (best == NULL || s->size < best->size))
      {
	/* Free for Q when Q's own stream used it last (its kernels run in
	   order), or when its last kernel is done.  */
	if (s->user == NULL || s->user == q
	    || CU (cuEventQuery) (s->done) == CUDA_SUCCESS)
	  best = s;
	else if (busy == NULL)
	  busy = s;
      }
  if (best != NULL)
    return best;

  /* A new block.  (Nothing is freed here: the core holds the queue's
     lock, and cuMemFree waits for the device, whose host functions may
     need that lock.  Idle blocks go when memory runs out, see
     nvptx_mem_alloc, and at the end.)  */
  r = CU (cuMemAlloc_v2) (&ptr, size);
  if (r == CUDA_ERROR_OUT_OF_MEMORY && busy != NULL)
    {
      /* Wait, on the device, for a block in use.  */
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
      pthread_mutex_unlock (&dev->stacks_lock);
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
      pthread_mutex_unlock (&dev->stacks_lock);
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
      CUresult r = CU (cuEventRecord) (s->done, q->stream);
      if (r == CUDA_SUCCESS)
	s->user = q;
      else
	{
	  /* Nobody can tell when it is free again: never used again.  */
	  nvptx_report (dev, "cuEventRecord", r);
	  s->broken = true;
	}
    }
  pthread_mutex_unlock (&dev->stacks_lock);
}

/* ---- Queues.  ---- */

static int
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
  pthread_mutex_lock (&watch_lock);
  q->next_watched = watched;
  watched = q;
  pthread_mutex_unlock (&watch_lock);
  gt_plugin_debug ("device %d: queue %u is stream %p", nvptx_num (dev),
		   gq->index, (void *) q->stream);
  return 0;
}

static void
nvptx_queue_fini (struct gtc_queue *gq)
{
  struct nvptx_queue *q = (struct nvptx_queue *) gq;
  struct nvptx_device *dev = (struct nvptx_device *) gq->dev;
  struct nvptx_queue **p;

  pthread_mutex_lock (&watch_lock);
  for (p = &watched; *p != NULL; p = &(*p)->next_watched)
    if (*p == q)
      {
	*p = q->next_watched;
	break;
      }
  pthread_mutex_unlock (&watch_lock);
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
  uint64_t outs;
  CUresult r;

  if (nvptx_use (dev) != 0)
    return -1;
  outs = nvptx_outs_last (q);
  /* The data of the copies from the device issued before is in staging
     memory once the stream is synchronized: those still waiting are
     made here, on to the program's memory.  Another thread issuing to
     the stream (it may be shared) may have put some in a host function
     only after the synchronisation began: then once more.  */
  do
    {
      /* Poll while the work runs; the final synchronisation returns at
	 once, reports what failed, and has the driver write out what the
	 kernels printed.  */
      if (__atomic_load_n (&dev->mailboxes, __ATOMIC_ACQUIRE) != NULL)
	{
	  /* Serving the device's reverse-offload requests meanwhile.  */
	  nvptx_rev_wait_begin (dev);
	  gtc_wait_serve (&dev->core, stream_done, &poll, nvptx_rev_serve);
	  nvptx_rev_wait_end (dev);
	}
      else
	gtc_wait_serve (&dev->core, stream_done, &poll, NULL);
      r = CU (cuStreamSynchronize) (q->stream);
      if (r != CUDA_SUCCESS)
	return nvptx_device_fault (q, dev, "cuStreamSynchronize", r);
    }
  while (!nvptx_outs_done (q, outs));
  __atomic_store_n (&q->last_kernel, NULL, __ATOMIC_RELEASE);
  nvptx_exit_check (dev);
  return 0;
}

static int
nvptx_sync (struct gtc_queue *gq)
{
  return nvptx_queue_sync ((struct nvptx_queue *) gq);
}

static int
nvptx_issue_wait (struct gtc_queue *gq, struct gtc_queue *gother)
{
  struct nvptx_queue *q = (struct nvptx_queue *) gq;
  struct nvptx_queue *other = (struct nvptx_queue *) gother;
  struct nvptx_device *dev = (struct nvptx_device *) gq->dev;
  struct nvptx_device *odev = (struct nvptx_device *) gother->dev;
  bool pushed = false;
  CUcontext popped;
  CUresult r;

  if (nvptx_use (dev) != 0)
    return -1;
  pthread_mutex_lock (&other->mark_lock);
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

static int
nvptx_issue_host_call (struct gtc_queue *gq, void (*fn) (void *), void *arg)
{
  struct nvptx_device *dev = (struct nvptx_device *) gq->dev;

  if (nvptx_use (dev) != 0
      || nvptx_outs_issue ((struct nvptx_queue *) gq) != 0)
    return -1;
  return nvptx_host_call ((struct nvptx_queue *) gq, fn, arg);
}

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

static int
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
  CUresult r;

  if (nvptx_use (dev) != 0)
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

  stacks = nvptx_stacks_acquire (dev, q, stack_size * teams * warps);
  if (stacks == NULL)
    return -1;
  {
    void *params[3] = { (void *) (uintptr_t) vars_dev,
			(void *) (uintptr_t) stacks->ptr,
			(void *) stack_size };
    size_t params_size = sizeof params;
    void *config[] = { CU_LAUNCH_PARAM_BUFFER_POINTER, params,
		       CU_LAUNCH_PARAM_BUFFER_SIZE, &params_size,
		       CU_LAUNCH_PARAM_END };
    gt_plugin_debug ("device %d: launching %s (kernel %s): %d team(s) x %d "
		     "thread(s), grid %d x 1 x 1, block 32 x %d x 1, %u "
		     "bytes of shared memory, %zu KiB soft stack per thread%s",
		     nvptx_num (dev), k->name, nk->ptx_name, teams, warps,
		     teams, warps, shared, stack_size >> 10,
		     img->mailbox ? ", reverse offload served" : "");
    /* Its reverse-offload requests are served while it runs.  */
    if (img->mailbox)
      nvptx_rev_launch_begin (dev);
    r = CU (cuLaunchKernel) (nk->fn, (unsigned) teams, 1, 1, 32,
			     (unsigned) warps, 1, shared, q->stream, NULL,
			     config);
  }
  if (r == CUDA_SUCCESS)
    {
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

const struct gtc_vendor gtc_vendor = {
  .name = "nvptx",
  .target_type = NVPTX_TARGET_TYPE,
  .caps = 0,
  .requires_supported = GT_REQUIRES_UNIFIED_ADDRESS
			| GT_REQUIRES_REVERSE_OFFLOAD,
  .device_size = sizeof (struct nvptx_device),
  .queue_size = sizeof (struct nvptx_queue),
  .image_size = sizeof (struct nvptx_image),
  .hardware_queues = true,
  .probe = nvptx_probe,
  .init_device = nvptx_init_device,
  .fini_device = nvptx_fini_device,
  .image_ok = nvptx_image_ok,
  .load_image = nvptx_load_image,
  .find_kernel = nvptx_find_kernel,
  .find_variable = nvptx_find_variable,
  .find_icvs = nvptx_find_icvs,
  .unload_image = nvptx_unload_image,
  .rev_fn_table = nvptx_rev_fn_table,
  .mem_alloc = nvptx_mem_alloc,
  .mem_free = nvptx_mem_free,
  .queue_init = nvptx_queue_init,
  .queue_fini = nvptx_queue_fini,
  .copy = nvptx_copy,
  .launch = nvptx_launch,
  .issue_wait = nvptx_issue_wait,
  .issue_host_call = nvptx_issue_host_call,
  .sync = nvptx_sync,
  .copy_rect = nvptx_copy_rect
};
