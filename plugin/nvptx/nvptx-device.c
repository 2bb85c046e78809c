/* nvptx-device.c -- the nvptx plugin's devices: what the probe learns
   of each CUDA device, a device's setup (its primary context, the
   context limits of GOMPTARGET_NVPTX_HEAP_MB and
   GOMPTARGET_NVPTX_PRINTF_KB) and finish, making its context current,
   and the messages of its faults, which name the target region whose
   kernel ran last.

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
#include <stdio.h>
#include <string.h>

/* Devices a plugin handles (peer bitmaps).  */
#define NVPTX_MAX_DEVICES 64

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
/* cuDriverGetVersion's answer.  */
static int driver_version;

void
nvptx_describe_device (struct gtc_device *dev, char *buf, size_t size)
{
  const struct device_info *d = &infos[dev->id];
  size_t len = strlen (buf);

  snprintf (buf + len, size - len,
	    "name: %s\n"
	    "architecture: sm_%d%d (compute capability %d.%d)\n"
	    "memory: %zu MiB\n"
	    "multiprocessors: %d\n"
	    "threads per block: at most %d\n"
	    "clock: %d MHz\n"
	    "vendor library: %s, CUDA driver %d.%d\n", d->name, d->cc_major,
	    d->cc_minor, d->cc_major, d->cc_minor, d->total_mem >> 20, d->sms,
	    d->max_threads_block, d->clock_khz / 1000, nvptx_cuda_file,
	    driver_version / 1000, driver_version % 1000 / 10);
}

/* Soft stack bytes per warp (GOMPTARGET_NVPTX_STACK_KB; GCC's 128 KiB by
   default).  */
size_t nvptx_stack_size = 128u << 10;

/* ---- Contexts and faults.  ---- */

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

int
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
      gt_plugin_no_devices ("cuInit failed: %s: no NVIDIA device",
			    nvptx_cuda_error (r));
      return 0;
    }
  if (CU (cuDriverGetVersion) (&version) != CUDA_SUCCESS)
    version = 0;
  driver_version = version;
  r = CU (cuDeviceGetCount) (&n);
  if (r != CUDA_SUCCESS || n <= 0)
    {
      gt_plugin_no_devices ("CUDA driver %d.%d: %s", version / 1000,
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
  nvptx_stack_size = (size_t) (kb > 0 ? kb : 1) << 10;
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

int
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
  dev->stacks_lock = (gt_mutex_t) GT_MUTEX_INITIALIZER;
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


void
nvptx_fini_device (struct gtc_device *gdev)
{
  struct nvptx_device *dev = (struct nvptx_device *) gdev;
  CUresult r;

  if (!dev->ctx_retained || nvptx_off ())
    return;
  if (nvptx_use (dev) == 0)
    {
      nvptx_stacks_fini (dev);
      nvptx_peer_fini (dev);
      nvptx_rev_fini (dev);
      nvptx_exit_fini (dev);
      nvptx_times_fini_device (dev);
    }
  CU (cuCtxSetCurrent) (NULL);
  r = CU (cuDevicePrimaryCtxRelease_v2) (dev->cu);
  if (r != CUDA_SUCCESS)
    nvptx_report (dev, "cuDevicePrimaryCtxRelease", r);
  dev->ctx_retained = false;
  dev->ctx = NULL;
  dev->last_kernel = NULL;
}
