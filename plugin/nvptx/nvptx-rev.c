/* nvptx-rev.c -- reverse offload on NVIDIA GPUs: an image's table of
   ancestor functions ($offload_func_table), its mailbox (host memory the
   device writes requests into, its address in __gomp_rev_offload_var),
   and the serving of requests while kernels run: by the thread that
   waits for a kernel, and by a server thread of the device (the core's,
   serve.h) that polls while any kernel of such an image runs, so that
   the requests of nowait kernels that no thread waits for are served
   too.  The front end (GOMPTARGET_PLUGIN_target_rev) does the rest; its
   copies go through a stream of their own, since the kernel's stream is
   busy.

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

GTC_TLS bool nvptx_in_rev_service;

/* Set on the server threads.  */
static __thread bool in_server;

static const struct gtc_server_ops rev_server_ops;

/* ---- Setting up.  ---- */

void
nvptx_rev_init (struct nvptx_device *dev)
{
  int v = 0;

  pthread_mutex_init (&dev->rev_lock, NULL);
  pthread_mutex_init (&dev->rev_copy_lock, NULL);
  gtc_server_init (&dev->rev_server, &rev_server_ops, &dev->core);
  dev->mailboxes = NULL;
  dev->rev_stream = NULL;
  /* The mailbox is host memory mapped into the device's address space.  */
  dev->can_map_host
    = CU (cuDeviceGetAttribute) (&v, CU_DEVICE_ATTRIBUTE_CAN_MAP_HOST_MEMORY,
				 dev->cu) == CUDA_SUCCESS && v != 0;
}

void
nvptx_rev_fini (struct nvptx_device *dev)
{
  struct nvptx_mailbox *m;
  bool joined;

  /* Not waited for from the server thread itself (a request it served
     ended the program); at the end of the program, not for ever.  */
  joined = gtc_server_stop (&dev->rev_server);
  if (!joined && dev->mailboxes != NULL)
    /* A poller may still read them: they go with the program.  */
    return;
  while ((m = dev->mailboxes) != NULL)
    {
      dev->mailboxes = m->next;
      CU (cuMemFreeHost) (m->box);
      free (m);
    }
  if (dev->rev_stream != NULL)
    CU (cuStreamDestroy_v2) (dev->rev_stream);
  dev->rev_stream = NULL;
}

/* A mailbox for a new image of DEV: a free one, else a new one.  NULL
   after a message.  DEV's REV_LOCK held.  */
static struct nvptx_mailbox *
mailbox_get (struct nvptx_device *dev)
{
  struct nvptx_mailbox *m;
  void *p = NULL;
  CUresult r;

  for (m = dev->mailboxes; m != NULL; m = m->next)
    if (!m->in_use)
      {
	m->in_use = true;
	return m;
      }
  if (dev->rev_stream == NULL)
    {
      r = CU (cuStreamCreate) (&dev->rev_stream, CU_STREAM_NON_BLOCKING);
      if (r != CUDA_SUCCESS)
	{
	  dev->rev_stream = NULL;
	  nvptx_report (dev, "cuStreamCreate (reverse-offload copies)", r);
	  return NULL;
	}
    }
  m = calloc (1, sizeof *m);
  if (m == NULL)
    {
      gt_plugin_error ("out of host memory");
      return NULL;
    }
  r = CU (cuMemHostAlloc) (&p, sizeof *m->box, CU_MEMHOSTALLOC_DEVICEMAP);
  if (r == CUDA_SUCCESS)
    {
      memset (p, 0, sizeof *m->box);
      r = CU (cuMemHostGetDevicePointer_v2) (&m->dev_addr, p, 0);
      if (r != CUDA_SUCCESS)
	{
	  nvptx_report (dev, "cuMemHostGetDevicePointer (reverse-offload "
			"mailbox)", r);
	  CU (cuMemFreeHost) (p);
	  free (m);
	  return NULL;
	}
    }
  else
    {
      nvptx_report (dev, "cuMemHostAlloc (reverse-offload mailbox)", r);
      free (m);
      return NULL;
    }
  m->box = p;
  m->in_use = true;
  m->next = dev->mailboxes;
  /* Pollers walk the list without the lock.  */
  __atomic_store_n (&dev->mailboxes, m, __ATOMIC_RELEASE);
  return m;
}

int
nvptx_rev_fn_table (struct gtc_device *gdev, struct gtc_image *gimg,
		    uint64_t *out, size_t count)
{
  struct nvptx_device *dev = (struct nvptx_device *) gdev;
  struct nvptx_image *img = (struct nvptx_image *) gimg;
  CUdeviceptr table, var;
  size_t size, i, n = 0;
  struct nvptx_mailbox *m;
  CUresult r;

  if (nvptx_use (dev) != 0)
    return -1;
  r = CU (cuModuleGetGlobal_v2) (&table, &size, img->module,
				 NVPTX_REV_FN_TABLE);
  if (r == CUDA_ERROR_NOT_FOUND)
    {
      /* mkoffload writes the table for programs that require
	 reverse_offload; an image built otherwise has no ancestor
	 function.  */
      gt_plugin_debug ("device %d: the image has no %s: no reverse "
		       "offload from it", nvptx_num (dev), NVPTX_REV_FN_TABLE);
      return 0;
    }
  if (r != CUDA_SUCCESS)
    {
      nvptx_report (dev, "cuModuleGetGlobal (" NVPTX_REV_FN_TABLE ")", r);
      return -1;
    }
  if (size != count * sizeof (uint64_t))
    {
      gt_plugin_error ("device %d: the image's %s has %zu bytes for %zu "
		       "function(s)", nvptx_num (dev), NVPTX_REV_FN_TABLE,
		       size, count);
      return -1;
    }
  r = CU (cuMemcpyDtoH_v2) (out, table, size);
  if (r != CUDA_SUCCESS)
    {
      nvptx_report (dev, "cuMemcpyDtoH (" NVPTX_REV_FN_TABLE ")", r);
      return -1;
    }
  for (i = 0; i < count; i++)
    n += out[i] != 0;
  if (n == 0)
    return 0;
  if (!dev->can_map_host)
    {
      /* Said when a kernel of the image is to run.  */
      img->rev_refused = "the device cannot map host memory, which "
			 "reverse offload needs";
      gt_plugin_debug ("device %d: %zu ancestor function(s), and %s",
		       nvptx_num (dev), n, img->rev_refused);
      return 0;
    }

  r = CU (cuModuleGetGlobal_v2) (&var, &size, img->module,
				 NVPTX_REV_OFFLOAD_VAR);
  if (r == CUDA_ERROR_NOT_FOUND)
    {
      /* The device runtime only has it when device code reaches an
	 ancestor region.  */
      gt_plugin_debug ("device %d: %zu ancestor function(s), but no %s: "
		       "no request can come", nvptx_num (dev), n,
		       NVPTX_REV_OFFLOAD_VAR);
      return 0;
    }
  if (r != CUDA_SUCCESS || size != sizeof (uint64_t))
    {
      if (r != CUDA_SUCCESS)
	nvptx_report (dev, "cuModuleGetGlobal (" NVPTX_REV_OFFLOAD_VAR ")",
		      r);
      else
	gt_plugin_error ("device %d: %s has %zu bytes", nvptx_num (dev),
			 NVPTX_REV_OFFLOAD_VAR, size);
      return -1;
    }
  if (img->mailbox == NULL)
    {
      pthread_mutex_lock (&dev->rev_lock);
      m = mailbox_get (dev);
      pthread_mutex_unlock (&dev->rev_lock);
      if (m == NULL)
	{
	  img->rev_refused = "the plugin could not make its mailbox";
	  return -1;
	}
      img->mailbox = m;
    }
  m = img->mailbox;
  r = CU (cuMemcpyHtoD_v2) (var, &m->dev_addr, sizeof (uint64_t));
  if (r != CUDA_SUCCESS)
    {
      nvptx_report (dev, "cuMemcpyHtoD (" NVPTX_REV_OFFLOAD_VAR ")", r);
      img->rev_refused = "the plugin could not give the device its "
			 "mailbox";
      return -1;
    }
  gt_plugin_debug ("device %d: reverse offload: %zu ancestor function(s), "
		   "mailbox at %p (device address %#llx)", nvptx_num (dev), n,
		   (void *) m->box, (unsigned long long) m->dev_addr);
  return 0;
}

void
nvptx_rev_unload (struct nvptx_device *dev, struct nvptx_image *img)
{
  struct nvptx_mailbox *m = img->mailbox;

  if (m == NULL)
    return;
  img->mailbox = NULL;
  pthread_mutex_lock (&dev->rev_lock);
  __atomic_store_n (&m->box->fn, 0, __ATOMIC_RELAXED);
  m->in_use = false;
  pthread_mutex_unlock (&dev->rev_lock);
}

/* ---- Serving.  ---- */

/* The copies of the front end, on DEV's reverse-offload stream; the
   calling thread may be any (the server thread, a waiting one).  */
static int
rev_copy (struct nvptx_device *dev, bool to_host, void *host,
	  uint64_t devaddr, uint64_t size)
{
  CUresult r;

  if (size == 0)
    return 0;
  if (nvptx_use (dev) != 0)
    return -1;
  pthread_mutex_lock (&dev->rev_copy_lock);
  if (to_host)
    r = CU (cuMemcpyDtoHAsync_v2) (host, (CUdeviceptr) devaddr,
				   (size_t) size, dev->rev_stream);
  else
    r = CU (cuMemcpyHtoDAsync_v2) ((CUdeviceptr) devaddr, host,
				   (size_t) size, dev->rev_stream);
  if (r == CUDA_SUCCESS)
    r = CU (cuStreamSynchronize) (dev->rev_stream);
  pthread_mutex_unlock (&dev->rev_copy_lock);
  if (r != CUDA_SUCCESS)
    {
      char what[128];
      snprintf (what, sizeof what, "%s (reverse offload, %llu bytes at "
		"%#llx)", to_host ? "cuMemcpyDtoHAsync" : "cuMemcpyHtoDAsync",
		(unsigned long long) size, (unsigned long long) devaddr);
      nvptx_report (dev, what, r);
      return -1;
    }
  return 0;
}

static int
rev_dev2host (void *arg, void *host, uint64_t devaddr, uint64_t size)
{
  return rev_copy (arg, true, host, devaddr, size);
}

static int
rev_host2dev (void *arg, uint64_t devaddr, const void *host, uint64_t size)
{
  return rev_copy (arg, false, (void *) host, devaddr, size);
}

static double
now_us (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_MONOTONIC, &ts);
  return (double) ts.tv_sec * 1e6 + (double) ts.tv_nsec / 1e3;
}

/* Serve the request FN found in M.  */
static void
serve_one (struct nvptx_device *dev, struct nvptx_mailbox *m, uint64_t fn)
{
  struct nvptx_rev_offload *box = m->box;
  struct gt_rev_copier copier = { rev_dev2host, rev_host2dev, dev };
  gt_plugin_target_rev_fn *target_rev;
  uint64_t mapnum, addrs, sizes, kinds;
  int32_t dev_num;
  double start;

  /* Written before FN, which was read with acquire.  */
  mapnum = __atomic_load_n (&box->mapnum, __ATOMIC_RELAXED);
  addrs = __atomic_load_n (&box->addrs, __ATOMIC_RELAXED);
  sizes = __atomic_load_n (&box->sizes, __ATOMIC_RELAXED);
  kinds = __atomic_load_n (&box->kinds, __ATOMIC_RELAXED);
  dev_num = __atomic_load_n (&box->dev_num, __ATOMIC_RELAXED);
  target_rev = gt_services ()->target_rev;
  if (target_rev == NULL)
    nvptx_fatal (nvptx_num (dev), "a kernel asked for reverse offload, and "
		 "the program's libgomptarget cannot serve it "
		 "(no GOMPTARGET_PLUGIN_target_rev)");
  start = now_us ();
  nvptx_in_rev_service = true;
  target_rev (dev_num, fn, mapnum, addrs, sizes, kinds, &copier);
  nvptx_in_rev_service = false;
  gt_plugin_debug ("device %d: served a reverse-offload request of device "
		   "%d: function %#llx, %llu map(s), in %.1f us, by %s",
		   nvptx_num (dev), (int) dev_num, (unsigned long long) fn,
		   (unsigned long long) mapnum, now_us () - start,
		   in_server ? "the device's server thread"
		   : "a thread waiting for the device");
  /* The device may go on.  */
  __atomic_store_n (&box->fn, 0, __ATOMIC_RELEASE);
}

int
nvptx_rev_serve (struct gtc_device *gdev)
{
  struct nvptx_device *dev = (struct nvptx_device *) gdev;
  struct nvptx_mailbox *m;
  int served = 0;

  for (m = __atomic_load_n (&dev->mailboxes, __ATOMIC_ACQUIRE); m != NULL;
       m = m->next)
    {
      uint64_t fn;
      if (__atomic_load_n (&m->box->fn, __ATOMIC_ACQUIRE) == 0
	  || __atomic_exchange_n (&m->busy, 1, __ATOMIC_ACQUIRE) != 0)
	continue;
      /* Another thread may have served it meanwhile; what is there now
	 is a request all the same.  */
      fn = __atomic_load_n (&m->box->fn, __ATOMIC_ACQUIRE);
      if (fn != 0)
	{
	  serve_one (dev, m, fn);
	  served = 1;
	}
      __atomic_store_n (&m->busy, 0, __ATOMIC_RELEASE);
    }
  return served;
}

/* ---- The server thread.  ---- */

static void
rev_server_start (struct gtc_server *s)
{
  (void) s;
  in_server = true;
}

/* Each round of the server thread's polling, in the device's context;
   when that fails, only the thread that waits for a kernel serves.  */
static int
rev_round_begin (struct gtc_server *s)
{
  return nvptx_use ((struct nvptx_device *) s->dev);
}

/* The core's server thread of a device: polls the mailboxes, quickly
   after a request, then in growing sleeps, while kernels that could make
   requests run (its work) and no thread waiting for the device does.  */
static const struct gtc_server_ops rev_server_ops = {
  .what = "the thread that serves reverse offload",
  .without = "only kernels that a thread waits for are served",
  .serve = nvptx_rev_serve,
  .exit_wait_s = 1,
  .thread_start = rev_server_start,
  .round_begin = rev_round_begin,
  .ending = nvptx_off
};

void
nvptx_rev_launch_begin (struct nvptx_device *dev)
{
  gtc_server_work_begin (&dev->rev_server);
}

void
nvptx_rev_wait_begin (struct nvptx_device *dev)
{
  gtc_server_poll_begin (&dev->rev_server);
}

void
nvptx_rev_wait_end (struct nvptx_device *dev)
{
  gtc_server_poll_end (&dev->rev_server);
}

/* Run on Q's stream after a kernel of a reverse-offload image.  */
static void
rev_kernel_done (void *arg)
{
  struct nvptx_device *dev = arg;

  gtc_server_work_end (&dev->rev_server);
}

void
nvptx_rev_launch_end (struct nvptx_device *dev, struct nvptx_queue *q,
		      bool launched)
{
  /* When the host function cannot be queued (after a message) the server
     keeps polling until the program ends, which costs time, not
     correctness.  */
  if (!launched)
    rev_kernel_done (dev);
  else
    nvptx_host_call (q, rev_kernel_done, dev);
}
