/* plugin-host.c -- the emulated discrete device: a device that runs the
   host code of target regions, with memory of its own, so that data must
   be mapped to reach it and mapped back to be seen on the host, as on a
   GPU.  Built on the plugin core: each device has software queues whose
   work runs on a thread of their own (or on the thread that waits for
   it), so a nowait region overlaps the host work that follows it, as on a
   GPU.  GOMPTARGET_HOST_DEVICES sets how many devices there are (default
   1), GOMPTARGET_HOST_MEMORY_MB how much memory each has (default: no
   limit), GOMPTARGET_HOST_POISON=1 fills new device memory with 0xa5,
   GOMPTARGET_HOST_CELLS=0 gives each small allocation a malloc block of
   its own (host-cells.c).

   Device memory is host memory from malloc, whose first touch costs a
   page fault per page -- several times the cost of copying into it.  So
   that a big map of fresh memory runs at the speed of a copy, the device
   faults memory in ahead of use, off the critical path: each time the
   memory in use doubles past 16 MiB, a background thread prepares a
   reserve block of that size, already faulted in, which the next big
   allocation that fits takes.  A program that uses little device memory
   never pays for it.  Small allocations are cells carved from big
   chunks (host-cells.c).

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
#include "host-cells.h"

#include <malloc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define HOST_MAX_DEVICES 64

/* Allocations from this size on may take the reserve; the first reserve
   is made when this much memory is in use.  */
#define RESERVE_MIN (2u << 20)
#define FIRST_WATERMARK (16u << 20)

/* A cell is charged to the device's memory as the malloc block it
   replaces was, header included (malloc_usable_size gives the size,
   rounded up to 16 bytes, plus 8): GOMPTARGET_HOST_MEMORY_MB and the
   reserve's watermarks see the figures they saw before cells.  10^6
   small objects mapped then pass the watermark of 64 MiB, as they did,
   and a 64 MiB map that follows finds its reserve (bench/bulk-copy-cold.c
   took four times as long without).  */
#define CELL_CHARGE(cell) ((cell) + 8)

/* The device copies a launch loads ahead.  */
#define PREFETCH_VARS 8

struct host_device
{
  struct gtc_device core;
  size_t used;			/* Bytes allocated (atomic).  */

  /* The reserve: memory faulted in ahead of use, guarded by LOCK.  */
  pthread_mutex_t lock;
  void *reserve;
  size_t reserve_size;
  size_t watermark;		/* Make a reserve when USED passes it.  */
  bool preparing;		/* PREPARER is running.  */
  pthread_t preparer;

  struct host_cells cells;	/* Small allocations.  */
};

static bool poison;
static bool use_cells;
static size_t memory_limit;	/* 0: none.  */

static int
host_probe (void)
{
  int n = (int) gt_env_number ("GOMPTARGET_HOST_DEVICES", 1,
			       HOST_MAX_DEVICES);

  poison = gt_env_number ("GOMPTARGET_HOST_POISON", 0, 1) != 0;
  use_cells = gt_env_number ("GOMPTARGET_HOST_CELLS", 1, 1) != 0;
  memory_limit = (size_t) gt_env_number ("GOMPTARGET_HOST_MEMORY_MB", 0,
					 1L << 30) << 20;
  if (n == 0)
    gt_plugin_no_devices ("GOMPTARGET_HOST_DEVICES=0");
  else
    gt_plugin_debug ("%d emulated device(s) with separate memory%s", n,
		     poison ? ", new memory poisoned" : "");
  return n;
}

static int
host_init_device (struct gtc_device *dev)
{
  struct host_device *hd = (struct host_device *) dev;

  pthread_mutex_init (&hd->lock, NULL);
  hd->watermark = FIRST_WATERMARK;
  host_cells_init (&hd->cells, use_cells);
  return 0;
}

static void
host_describe_device (struct gtc_device *dev, char *buf, size_t size)
{
  size_t len = strlen (buf);

  (void) dev;
  if (memory_limit)
    snprintf (buf + len, size - len, "name: emulated device (the host's "
	      "processors, memory of its own)\nmemory: %zu MiB "
	      "(GOMPTARGET_HOST_MEMORY_MB)\n", memory_limit >> 20);
  else
    snprintf (buf + len, size - len, "name: emulated device (the host's "
	      "processors, memory of its own)\nmemory: the host's\n");
}

static void
host_fini_device (struct gtc_device *dev)
{
  struct host_device *hd = (struct host_device *) dev;
  bool join;

  pthread_mutex_lock (&hd->lock);
  join = hd->preparing;
  pthread_mutex_unlock (&hd->lock);
  if (join)
    pthread_join (hd->preparer, NULL);
  free (hd->reserve);
  hd->reserve = NULL;
  hd->reserve_size = 0;
  hd->preparing = false;
  /* The core gave every block back before (gtc_pool_fini).  */
  host_cells_fini (&hd->cells);
}

/* Account for SIZE more bytes of DEV's memory (SIZE may wrap to take
   bytes back); false when that would pass GOMPTARGET_HOST_MEMORY_MB.  */
static bool
account (struct host_device *hd, size_t size, bool check)
{
  size_t used = __atomic_load_n (&hd->used, __ATOMIC_RELAXED);

  do
    if (check && memory_limit && used + size > memory_limit)
      return false;
  while (!__atomic_compare_exchange_n (&hd->used, &used, used + size, true,
				       __ATOMIC_RELAXED, __ATOMIC_RELAXED));
  return true;
}

/* The background thread: fault in a reserve of HD->reserve_size bytes.  */
static void *
prepare_reserve (void *arg)
{
  struct host_device *hd = arg;
  size_t size;
  void *p;

  pthread_mutex_lock (&hd->lock);
  size = hd->reserve_size;
  pthread_mutex_unlock (&hd->lock);
  p = malloc (size);
  if (p != NULL)
    memset (p, poison ? 0xa5 : 0, size);
  pthread_mutex_lock (&hd->lock);
  hd->reserve = p;
  if (p == NULL)
    hd->reserve_size = 0;
  pthread_mutex_unlock (&hd->lock);
  return NULL;
}

/* Start preparing a reserve if the memory in use has passed the
   watermark and no reserve is there or on its way.  */
static void
maybe_prepare (struct host_device *hd)
{
  size_t used = __atomic_load_n (&hd->used, __ATOMIC_RELAXED);

  if (used < __atomic_load_n (&hd->watermark, __ATOMIC_RELAXED))
    return;
  pthread_mutex_lock (&hd->lock);
  if (used >= hd->watermark
      && (!memory_limit || used + hd->watermark <= memory_limit))
    {
      void *old;
      if (hd->preparing)
	{
	  pthread_mutex_unlock (&hd->lock);
	  pthread_join (hd->preparer, NULL);
	  pthread_mutex_lock (&hd->lock);
	  hd->preparing = false;
	}
      /* A bigger reserve replaces a smaller one.  */
      old = hd->reserve;
      hd->reserve = NULL;
      free (old);
      hd->reserve_size = hd->watermark;
      hd->preparing
	= pthread_create (&hd->preparer, NULL, prepare_reserve, hd) == 0;
      if (hd->preparing)
	gt_plugin_debug ("device %d: faulting in %zu bytes ahead of use",
			 (int) hd->core.number, hd->reserve_size);
      hd->watermark *= 2;
    }
  pthread_mutex_unlock (&hd->lock);
}

/* The reserve, if it is ready and SIZE bytes fit without wasting most of
   it.  */
static void *
take_reserve (struct host_device *hd, size_t size)
{
  void *p = NULL;

  pthread_mutex_lock (&hd->lock);
  if (hd->reserve != NULL && size <= hd->reserve_size
      && size >= hd->reserve_size / 2)
    {
      p = hd->reserve;
      hd->reserve = NULL;
    }
  pthread_mutex_unlock (&hd->lock);
  return p;
}

static void *
host_mem_alloc (struct gtc_device *dev, size_t size)
{
  struct host_device *hd = (struct host_device *) dev;
  void *p = NULL;
  size_t usable = 0;

  if (!account (hd, size, true))
    return NULL;
  /* Never the host object itself: a fresh allocation, so that what is not
     copied is not seen.  */
  if (size >= RESERVE_MIN)
    p = take_reserve (hd, size);	/* Poisoned already.  */
  if (p == NULL)
    {
      if (size <= HOST_CELL_MAX)
	{
	  p = host_cells_alloc (&hd->cells, size, &usable);
	  if (p != NULL)
	    usable = CELL_CHARGE (usable);
	}
      if (p == NULL)
	p = malloc (size);
      if (p != NULL && usable == 0)
	usable = malloc_usable_size (p);
      if (p != NULL && poison)
	memset (p, 0xa5, size);
    }
  else
    usable = malloc_usable_size (p);
  /* What the block really takes, or nothing if it failed.  */
  account (hd, usable - size, false);
  if (p != NULL)
    maybe_prepare (hd);
  return p;
}

static int
host_mem_free (struct gtc_device *dev, void *ptr)
{
  struct host_device *hd = (struct host_device *) dev;
  size_t cell;

  if (ptr == NULL)
    return 0;
  if ((cell = host_cells_free (&hd->cells, ptr)) != 0)
    {
      account (hd, -CELL_CHARGE (cell), false);
      return 0;
    }
  account (hd, -malloc_usable_size (ptr), false);
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

/* Reverse offload.  The device's memory is host memory: the front end
   reads and writes it directly.  */
static int
host_rev_dev2host (void *arg, void *host, uint64_t dev, uint64_t size)
{
  (void) arg;
  memcpy (host, (const void *) (uintptr_t) dev, (size_t) size);
  return 0;
}

static int
host_rev_host2dev (void *arg, uint64_t dev, const void *host, uint64_t size)
{
  (void) arg;
  memcpy ((void *) (uintptr_t) dev, host, (size_t) size);
  return 0;
}

static const struct gt_rev_copier host_rev_copier = {
  host_rev_dev2host, host_rev_host2dev, NULL
};

/* An ancestor region reached by a region of device ARG: the request,
   with the device's addresses, is served by the front end as a GPU's is;
   the thread that made it waits meanwhile, as a GPU's would.  */
static void
host_ancestor (void *arg, void (*host_fn) (void *), uint64_t mapnum,
	       void **addrs, const size_t *sizes, const unsigned short *kinds)
{
  struct gtc_device *dev = arg;
  struct timespec t0, t1;

  clock_gettime (CLOCK_MONOTONIC, &t0);
  gt_services ()->target_rev (dev->number, (uint64_t) (uintptr_t) host_fn,
			      mapnum, (uint64_t) (uintptr_t) addrs,
			      (uint64_t) (uintptr_t) sizes,
			      (uint64_t) (uintptr_t) kinds, &host_rev_copier);
  clock_gettime (CLOCK_MONOTONIC, &t1);
  gt_plugin_debug ("device %d: served a reverse-offload request of device "
		   "%d: function %p, %llu map(s), in %.1f us",
		   (int) dev->number, (int) dev->number, (void *) host_fn,
		   (unsigned long long) mapnum,
		   (t1.tv_sec - t0.tv_sec) * 1e6
		   + (t1.tv_nsec - t0.tv_nsec) / 1e3);
}

static int
host_launch (struct gtc_queue *q, void *entry, void **vars, int32_t nvars,
	     int32_t num_teams, int32_t thread_limit)
{
  const struct gt_plugin_services *services = gt_services ();
  int32_t i;

  /* The region's data is most often in its first arguments' device
     copies, which a region mapping one of many objects finds in no cache:
     their loads start now, beside the work of starting the region.  A
     prefetch does not fault, whatever an argument holds.  */
  for (i = 0; i < nvars && i < PREFETCH_VARS; i++)
    __builtin_prefetch (vars[i]);
  /* A GCC region takes the address of its array of device addresses; the
     front end runs it as the device's initial thread, whose teams are the
     native runtime's (GOMP_teams4); its ancestor regions come back to
     host_ancestor.  */
  if (GT_UNLIKELY (services->run_host_region_ancestor == NULL))
    {
      gt_plugin_error ("device %d: cannot run a region: the program does "
		       "not run on libgomptarget, which runs it",
		       (int) q->dev->number);
      return 1;
    }
  services->run_host_region_ancestor (q->dev->number,
				      (void (*) (void *)) entry, vars,
				      num_teams, thread_limit, host_ancestor,
				      q->dev);
  return 0;
}

/* In a child process made by fork: the preparer, if any, stayed in the
   parent (the reserve is whatever it had made by then).  */
static void
host_after_fork (struct gtc_device *dev)
{
  struct host_device *hd = (struct host_device *) dev;

  pthread_mutex_init (&hd->lock, NULL);
  pthread_mutex_init (&hd->cells.lock, NULL);
  hd->preparing = false;
}

const struct gtc_vendor gtc_vendor = {
  .name = "host",
  .target_type = -1,
  /* Its memory is host memory, copied into a child by fork; host_copy
     is a memcpy, which the front end makes itself.  */
  .caps = GT_CAP_HOST_CODE | GT_CAP_SURVIVES_FORK | GT_CAP_HOST_MEMORY,
  .requires_supported = GT_REQUIRES_REVERSE_OFFLOAD,
  .device_size = sizeof (struct host_device),
  .queue_size = sizeof (struct gtc_queue),
  .image_size = sizeof (struct gtc_image),
  .hardware_queues = false,
  .probe = host_probe,
  .init_device = host_init_device,
  .fini_device = host_fini_device,
  .describe_device = host_describe_device,
  .mem_alloc = host_mem_alloc,
  .mem_free = host_mem_free,
  .copy = host_copy,
  .launch = host_launch,
  .after_fork = host_after_fork
};
