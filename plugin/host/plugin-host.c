/* plugin-host.c -- the emulated discrete device: a device that runs the
   host code of target regions, with memory of its own, so that data must
   be mapped to reach it and mapped back to be seen on the host, as on a
   GPU.  Built on the plugin core: each device has software queues whose
   work runs on a thread of their own (or on the thread that waits for
   it), so a nowait region overlaps the host work that follows it, as on a
   GPU.  GOMPTARGET_HOST_DEVICES sets how many devices there are (default
   1), GOMPTARGET_HOST_MEMORY_MB how much memory each has (default: no
   limit), GOMPTARGET_HOST_POISON=1 fills new device memory with 0xa5.

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

#include "plugin-core.h"

#include <malloc.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#define HOST_MAX_DEVICES 64

/* Blocks from this size on are aligned for, and advised to use,
   transparent huge pages: one fault per 2 MiB instead of 512.  */
#define HUGE_BLOCK (2u << 20)

struct host_device
{
  struct gtc_device core;
  size_t used;			/* Bytes allocated (atomic).  */
};

static bool poison;
static size_t memory_limit;	/* 0: none.  */

static int
host_probe (void)
{
  int n = (int) gt_env_number ("GOMPTARGET_HOST_DEVICES", 1,
			       HOST_MAX_DEVICES);

  poison = gt_env_number ("GOMPTARGET_HOST_POISON", 0, 1) != 0;
  memory_limit = (size_t) gt_env_number ("GOMPTARGET_HOST_MEMORY_MB", 0,
					 1L << 30) << 20;
  gt_plugin_debug ("%d emulated device(s) with separate memory%s", n,
		   poison ? ", new memory poisoned" : "");
  return n;
}

static int
host_init_device (struct gtc_device *dev)
{
  (void) dev;
  return 0;
}

/* Account for SIZE more bytes of DEV's memory (SIZE may wrap to take
   bytes back); false when that would pass GOMPTARGET_HOST_MEMORY_MB.  */
static bool
account (struct host_device *hd, size_t size, bool check)
{
  size_t used = __atomic_load_n (&hd->used, __ATOMIC_RELAXED);

  do
    if (check && used + size > memory_limit)
      return false;
  while (!__atomic_compare_exchange_n (&hd->used, &used, used + size, true,
				       __ATOMIC_RELAXED, __ATOMIC_RELAXED));
  return true;
}

static void *
host_mem_alloc (struct gtc_device *dev, size_t size)
{
  struct host_device *hd = (struct host_device *) dev;
  void *p = NULL;

  if (memory_limit && !account (hd, size, true))
    return NULL;
  /* Never the host object itself: a fresh allocation, so that what is not
     copied is not seen.  */
  if (size >= HUGE_BLOCK)
    {
      if (posix_memalign (&p, HUGE_BLOCK, size) != 0)
	p = NULL;
      else
	madvise (p, size, MADV_HUGEPAGE);
    }
  else
    p = malloc (size);
  if (memory_limit)
    /* What the block really takes, or nothing if it failed.  */
    account (hd, (p ? malloc_usable_size (p) : 0) - size, false);
  if (p != NULL && poison)
    memset (p, 0xa5, size);
  return p;
}

static int
host_mem_free (struct gtc_device *dev, void *ptr)
{
  if (memory_limit && ptr != NULL)
    account ((struct host_device *) dev, -malloc_usable_size (ptr), false);
  free (ptr);
  return 0;
}

static int
host_copy (struct gtc_queue *q, enum gtc_copy_dir dir, void *dst,
	   const void *src, size_t size, struct gtc_device *peer)
{
  (void) q;
  (void) peer;
  if (dir == GTC_DEVICE_TO_DEVICE)
    memmove (dst, src, size);
  else
    memcpy (dst, src, size);
  return 0;
}

static int
host_launch (struct gtc_queue *q, void *entry, void **vars, int32_t nvars,
	     int32_t num_teams, int32_t thread_limit)
{
  (void) nvars;
  /* A GCC region takes the address of its array of device addresses; the
     front end runs it as the device's initial thread, whose teams are the
     native runtime's (GOMP_teams4).  */
  GOMPTARGET_PLUGIN_run_host_region (q->dev->number,
				     (void (*) (void *)) entry, vars,
				     num_teams, thread_limit);
  return 0;
}

const struct gtc_vendor gtc_vendor = {
  .name = "host",
  .target_type = -1,
  .caps = GT_CAP_HOST_CODE,
  .requires_supported = 0,
  .device_size = sizeof (struct host_device),
  .queue_size = sizeof (struct gtc_queue),
  .image_size = sizeof (struct gtc_image),
  .hardware_queues = false,
  .probe = host_probe,
  .init_device = host_init_device,
  .mem_alloc = host_mem_alloc,
  .mem_free = host_mem_free,
  .copy = host_copy,
  .launch = host_launch
};
