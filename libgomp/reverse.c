/* reverse.c -- reverse offload: a target construct with device(ancestor:
   1) reached in a region on a device runs on the host.  The device's
   plugin (or, for an emulated device, the device-side writer that speaks
   the plugin's protocol) hands the request to GOMPTARGET_PLUGIN_target_rev
   (plugin-services.c), and gt_rev_serve finds the host function, has the
   request's map clauses translated from device to host addresses
   (reverse-request.c), runs the function and has what the clauses say
   copied back.  This file also
   keeps the reverse-offload function tables of the images each device
   loaded, and the ancestor slots of regions of emulated devices.

   reverse_offload, works on the host's memory itself (shared-mem.c).

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

#include "reverse.h"
#include "reverse-request.h"
#include "lifecycle.h"
#include "device-calls.h"
#include "env.h"
#include "context.h"
#include "mapping.h"
#include "requires.h"
#include "gt-once.h"
#include "profile.h"

#include <inttypes.h>
#include <pthread.h>
#include <time.h>

/* ---- The reverse-offload tables of the images on each device.  ---- */

void
gt_rev_image_loaded_locked (struct gt_device *dev,
			    struct gt_registered_image *img)
{
  const uint64_t *table;
  size_t count;
  void *const *host_table = img->host_table;

  if (!(gt_requires_for_devices () & GT_REQUIRES_REVERSE_OFFLOAD))
    return;
  if (!gt_dev_rev_fn_table (dev, &img->image, &table, &count))
    {
      gt_debug ("device %d: no reverse-offload table for an image of "
		"target type %d", dev->id, img->target_type);
      return;
    }
  if (count == 0)
    return;
  if (count > img->num_funcs)
    count = img->num_funcs;
  if (img->table_id >= dev->num_rev_fns)
    {
      unsigned n = img->table_id + 1, k;
      dev->rev_fns = gt_realloc (dev->rev_fns, n * sizeof *dev->rev_fns);
      for (k = dev->num_rev_fns; k < n; k++)
	dev->rev_fns[k] = (struct gt_rev_fns) { NULL, NULL, 0 };
      dev->num_rev_fns = n;
    }
  dev->rev_fns[img->table_id].dev_fns = table;
  dev->rev_fns[img->table_id].host_fns = (void *const *) host_table[0];
  dev->rev_fns[img->table_id].count = count;
  gt_debug ("device %d: reverse-offload table of %zu function(s) for "
	    "host table %u", dev->id, count, img->table_id);
}

void
gt_rev_image_unloaded_locked (struct gt_device *dev,
			      struct gt_registered_image *img)
{
  if (img->table_id < dev->num_rev_fns)
    dev->rev_fns[img->table_id] = (struct gt_rev_fns) { NULL, NULL, 0 };
}

/* The host function for device function FN of DEV (its lock held), or
   NULL.  */
static void *
rev_host_fn_locked (struct gt_device *dev, uint64_t fn)
{
  unsigned t;
  size_t i;

  if (fn == 0)
    return NULL;
  for (t = 0; t < dev->num_rev_fns; t++)
    for (i = 0; i < dev->rev_fns[t].count; i++)
      if (dev->rev_fns[t].dev_fns[i] == fn)
	return dev->rev_fns[t].host_fns[i];
  return NULL;
}

/* ---- Ancestor slots of regions of emulated devices.  ---- */

#define ANCESTOR_SLOTS 1024

/* A slot is claimed by the launching thread of a region: each has a
   cache line of its own, so that threads launching at once do not take
   each other's lines.  */
struct ancestor_slot
{
  gt_ancestor_fn *fn;		/* NULL: free.  */
  void *arg;
} __attribute__ ((aligned (64)));

/* The host function of the ancestor region the calling thread is
   sending, for a device that runs host code (whose request names the
   host function itself).  */
static GT_TLS void *ancestor_in_flight;

/* Slot 0 is never used: 0 means "none".  */
static struct ancestor_slot ancestor_slots[ANCESTOR_SLOTS];
/* Where this thread looks for a free slot first.  Slots are claimed with
   a compare-and-swap of their function, so that launching a region takes
   no lock.  A thread's first hint is one no other thread was given first
   (ancestor_hint is that + 1; 0: none yet).  */
static GT_TLS unsigned ancestor_hint;
static unsigned next_ancestor_hint;

/* The slot this thread keeps between its regions, 0 if none, and whether
   a region of the thread uses it now.  A thread launching one region
   after another claims its first slot once and keeps it (a region inside
   one of its regions claims another): the launch then writes the slot,
   with no compare-and-swap.  It is given back when the thread ends
   (kept_slot_key's destructor).  */
static GT_TLS unsigned kept_slot;
static GT_TLS bool kept_slot_busy;
static pthread_key_t kept_slot_key;
static pthread_once_t kept_slot_once = PTHREAD_ONCE_INIT;
static bool kept_slot_key_made;

static void
slot_release (unsigned slot)
{
  ancestor_slots[slot].arg = NULL;
  GT_ANNOTATE_HAPPENS_BEFORE (&ancestor_slots[slot].fn);
  __atomic_store_n (&ancestor_slots[slot].fn, NULL, __ATOMIC_RELEASE);
}

/* A thread that kept a slot ends.  */
static void
kept_slot_end (void *slot)
{
  slot_release ((unsigned) (uintptr_t) slot);
}

static void
make_kept_slot_key (void)
{
  kept_slot_key_made = pthread_key_create (&kept_slot_key,
					   kept_slot_end) == 0;
}

/* Keep SLOT, just claimed, for this thread's next regions.  */
static void
keep_slot (unsigned slot)
{
  gt_once (&kept_slot_once, NULL, make_kept_slot_key);
  if (kept_slot_key_made
      && pthread_setspecific (kept_slot_key,
			      (void *) (uintptr_t) slot) == 0)
    kept_slot = slot;
}

unsigned
gt_ancestor_slot_new (gt_ancestor_fn *ancestor, void *arg)
{
  unsigned i, c = kept_slot;

  if (ancestor == NULL)
    return 0;
  if (GT_LIKELY (c != 0 && !kept_slot_busy))
    {
      /* Read only by the threads of the region, which start after
	 this.  */
      ancestor_slots[c].arg = arg;
      __atomic_store_n (&ancestor_slots[c].fn, ancestor, __ATOMIC_RELEASE);
      kept_slot_busy = true;
      return c;
    }
  if (GT_UNLIKELY (ancestor_hint == 0))
    ancestor_hint = 1 + __atomic_fetch_add (&next_ancestor_hint, 1,
					    __ATOMIC_RELAXED);
  for (i = 0; i < ANCESTOR_SLOTS - 1; i++)
    {
      gt_ancestor_fn *none = NULL;

      c = 1 + (ancestor_hint - 1 + i) % (ANCESTOR_SLOTS - 1);
      if (__atomic_load_n (&ancestor_slots[c].fn, __ATOMIC_RELAXED) == NULL
	  && __atomic_compare_exchange_n (&ancestor_slots[c].fn, &none,
					  ancestor, false, __ATOMIC_ACQ_REL,
					  __ATOMIC_RELAXED))
	{
	  GT_ANNOTATE_HAPPENS_AFTER (&ancestor_slots[c].fn);
	  ancestor_slots[c].arg = arg;
	  ancestor_hint = c;
	  if (kept_slot == 0)
	    {
	      keep_slot (c);
	      kept_slot_busy = kept_slot != 0;
	    }
	  return c;
	}
    }
  gt_debug ("more than %d regions with reverse offload at once: this one "
	    "has none", ANCESTOR_SLOTS - 1);
  return 0;
}

void
gt_ancestor_slot_free (unsigned slot)
{
  if (slot == 0 || slot >= ANCESTOR_SLOTS)
    return;
  if (slot == kept_slot)
    {
      /* Kept: its function stays, so that no other thread claims it.  */
      ancestor_slots[slot].arg = NULL;
      kept_slot_busy = false;
      return;
    }
  slot_release (slot);
}

bool
gt_ancestor_region (void (*fn) (void *), size_t mapnum, void **addrs,
		    size_t *sizes, unsigned short *kinds)
{
  int device = gt_context_device ();
  unsigned slot;
  gt_ancestor_fn *ancestor;
  void *saved;
  uint32_t mask;

  /* What GCC's device runtime takes for a reverse-offload request:
     device -2 and a function, in device code.  */
  if (device < 0 || fn == NULL)
    return false;
  /* The program's mask travels in its images; without images
     (-foffload=disable) it is not known, but GCC compiles device(ancestor:
     1) only under 'omp requires reverse_offload'.  */
  mask = __atomic_load_n (&gt_requires_mask, __ATOMIC_RELAXED);
  if (mask != 0 && !(mask & GT_REQUIRES_REVERSE_OFFLOAD))
    return false;
  slot = gt_context_region ();
  ancestor = slot != 0 && slot < ANCESTOR_SLOTS
	     ? __atomic_load_n (&ancestor_slots[slot].fn, __ATOMIC_ACQUIRE)
	     : NULL;
  if (ancestor == NULL)
    gt_fatal ("device %d cannot run the ancestor region %s (%p) on the "
	      "host: the region was not started for reverse offload", device,
	      gt_profile_fn_name ((const void *) fn), (void *) fn);
  gt_debug ("device %d: ancestor region %s (%p, %zu map(s)) sent to the "
	    "host", device, gt_profile_fn_name ((const void *) fn),
	    (void *) fn, mapnum);
  saved = ancestor_in_flight;
  ancestor_in_flight = (void *) fn;
  ancestor (ancestor_slots[slot].arg, fn, mapnum, addrs, sizes, kinds);
  ancestor_in_flight = saved;
  return true;
}

static double
now_us (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_MONOTONIC, &ts);
  return ts.tv_sec * 1e6 + ts.tv_nsec / 1e3;
}

void
gt_rev_serve (int32_t device_num, uint64_t fn, uint64_t mapnum,
	      uint64_t devaddrs, uint64_t sizes, uint64_t kinds,
	      const struct gt_rev_copier *copier)
{
  struct gt_rev_request r;
  struct gt_device *dev;
  void (*host_fn) (void *);
  unsigned table_id;
  size_t pos;
  double start = gt_debug_level ? now_us () : 0;
  uint64_t t0;
  int saved;

  if (device_num < 0 || device_num >= gt_init_devices ())
    gt_fatal ("reverse offload request of device %d, which does not exist",
	      (int) device_num);
  if (copier == NULL || copier->dev2host == NULL || copier->host2dev == NULL)
    gt_fatal ("device %d: reverse offload request without a way to copy",
	      (int) device_num);
  if (mapnum > GT_REV_MAX_MAPS)
    gt_fatal ("device %d: reverse offload request of %" PRIu64 " maps",
	      (int) device_num, mapnum);
  dev = &gt_devices[device_num];
  gt_device_lock (dev);
  host_fn = (void (*) (void *)) rev_host_fn_locked (dev, fn);
  gt_device_unlock (dev);
  /* A device that runs host code names the host function itself: one of
     the program's regions, or the one the calling thread is sending
     (without images, the regions are not registered).  */
  if (host_fn == NULL && (dev->caps & GT_CAP_HOST_CODE) && fn != 0
      && (gt_func_lookup ((const void *) (uintptr_t) fn, &table_id, &pos)
	  || (uintptr_t) fn == (uintptr_t) ancestor_in_flight))
    host_fn = (void (*) (void *)) (uintptr_t) fn;
  if (host_fn == NULL)
    gt_fatal ("Cannot find reverse-offload function");

  gt_rev_request_start (&r, dev, copier, mapnum, devaddrs, sizes, kinds);

  /* The host function runs as the host's, whatever the calling thread
     was running.  */
  saved = gt_context_suspend ();
  t0 = gt_profile_start ();
  host_fn (r.addrs);
  if (GT_UNLIKELY (t0))
    gt_profile_reverse (device_num, (const void *) host_fn, t0);
  gt_context_resume (saved);

  gt_rev_request_finish (&r);
  if (gt_debug_level)
    gt_debug ("device %d: reverse offload of %p served: host function %s "
	      "(%p), %" PRIu64 " map(s), %.1f us", (int) device_num,
	      (void *) (uintptr_t) fn,
	      gt_profile_fn_name ((const void *) host_fn), (void *) host_fn,
	      mapnum, now_us () - start);
}

/* Images.c reports each load and unload of an image here.  */
static void __attribute__ ((constructor))
register_image_hooks (void)
{
  static const struct gt_image_hooks hooks = {
    gt_rev_image_loaded_locked, gt_rev_image_unloaded_locked
  };

  gt_images_on_load (&hooks);
}
