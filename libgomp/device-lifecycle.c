/* device-lifecycle.c -- a device's life: its initialisation on first use
   (loading the registered images it accepts, and on a device that runs
   host code mapping the host's variables), the loading of an image
   registered later, and its teardown at exit; and resolving the device
   number of a construct or routine to a ready device, which applies
   OMP_TARGET_OFFLOAD.  Lifecycle floor.

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

#include "lifecycle.h"
#include "gomp-map-kinds.h"
#include "device-calls.h"
#include "plugin-loader.h"
#include "env.h"
#include "context.h"
#include "icv-device.h"
#include "mapping.h"
#include "gt-once.h"
#include "ompt.h"

#include <stdlib.h>
#include <string.h>

/* A copy of a device's table of loaded tables that a bigger one
   replaced.  */
struct gt_retired_tables
{
  struct gt_retired_tables *next;
  __tgt_target_table **tables;
};

/* Make DEV's table of loaded tables hold N host tables (DEV's lock held).
   Launches read it without a lock: a bigger copy is published, and the
   old one is kept (it may still be read).  */
static void
grow_tables_locked (struct gt_device *dev, unsigned n)
{
  __tgt_target_table **t;

  if (n <= dev->num_tables)
    return;
  t = gt_calloc (n, sizeof *t);
  if (dev->num_tables)
    memcpy (t, dev->tables, dev->num_tables * sizeof *t);
  if (dev->tables != NULL)
    {
      struct gt_retired_tables *r = gt_malloc (sizeof *r);
      r->tables = dev->tables;
      r->next = dev->retired_tables;
      dev->retired_tables = r;
    }
  __atomic_store_n (&dev->tables, t, __ATOMIC_RELEASE);
  __atomic_store_n (&dev->num_tables, n, __ATOMIC_RELEASE);
}

/* Load IMG onto DEV if its plugin accepts it (DEV's lock held).  Return
   false when the plugin took the image but could not load it.  */
static bool
load_image_locked (struct gt_device *dev, struct gt_registered_image *img)
{
  __tgt_target_table *table;

  if (img->table_id < dev->num_tables && dev->tables[img->table_id] != NULL)
    return true;
  if (!gt_dev_accepts_image (dev, &img->image))
    return true;
  table = gt_dev_load_image (dev, &img->image);
  if (table == NULL)
    {
      gt_debug ("device %d failed to load an image of target type %d",
		dev->id, img->target_type);
      return false;
    }
  /* Its variables, its ICV variable, the note for unloading.  */
  gt_image_loaded_locked (dev, img, table);
  grow_tables_locked (dev, img->table_id + 1);
  __atomic_store_n (&dev->tables[img->table_id], table, __ATOMIC_RELEASE);
  gt_debug ("device %d loaded an image of target type %d", dev->id,
	    img->target_type);
  if (gt_ompt_active ())
    gt_ompt_device_load (dev->id, img->host_table,
			 (size_t) ((char *) img->image.ImageEnd
				   - (char *) img->image.ImageStart),
			 img->table_id);
  return true;
}

/* Load every registered image that DEV's plugin accepts; DEV's lock
   held.  Images are visited newest first: of two images of one host
   table that the device takes, the older one serves.  Return false if
   one of them could not be loaded.  */
static bool
load_images_locked (struct gt_device *dev)
{
  struct gt_registered_image *img;
  bool ok = true;

  gt_lock (&gt_registry_lock);
  grow_tables_locked (dev, gt_num_host_tables);
  for (img = gt_images; img; img = img->next)
    ok &= load_image_locked (dev, img);
  gt_unlock (&gt_registry_lock);
  return ok;
}

/* Take DEV down (its lock held): its mappings undone, its images
   unloaded, its memory freed.  */
static void
finish_device_locked (struct gt_device *dev)
{
  struct gt_block *dead = NULL;
  struct gt_key *k;

  while ((k = (struct gt_key *) dev->mem_map.root) != NULL)
    gt_unmap_key_locked (dev, k, &dead);
  gt_blocks_free (dead);
  dead = __atomic_exchange_n (&dev->free_later, NULL, __ATOMIC_ACQUIRE);
  GT_ANNOTATE_HAPPENS_AFTER (&dev->free_later);
  gt_blocks_free (dead);
  /* Those other threads keep for reuse go with the device's memory
     (their incarnation tells).  */
  gt_blocks_free_recycled ();
  __atomic_add_fetch (&dev->incarnation, 1, __ATOMIC_RELEASE);
  if (gt_ompt_active ())
    {
      unsigned i;
      for (i = 0; i < dev->num_tables; i++)
	if (dev->tables[i] != NULL)
	  gt_ompt_device_unload (dev->id, i);
    }
  gt_dev_deinit (dev);
  if (gt_ompt_active ())
    gt_ompt_device_finalize (dev->id);
  dev->num_tables = 0;
  /* The plugin freed the reverse-offload tables with the images.  */
  free (dev->rev_fns);
  dev->rev_fns = NULL;
  dev->num_rev_fns = 0;
  free (dev->running);
  dev->running = NULL;
  dev->num_running = dev->running_size = 0;
}

void
gt_devices_image_registered (struct gt_registered_image *img)
{
  int i, n = __atomic_load_n (&gt_num_devices, __ATOMIC_ACQUIRE);

  /* Devices initialised later load it with the rest.  */
  for (i = 0; i < n; i++)
    {
      struct gt_device *dev = &gt_devices[i];
      if (__atomic_load_n (&dev->state, __ATOMIC_ACQUIRE) != GT_DEVICE_READY)
	continue;
      bool loaded = true;
      gt_device_lock (dev);
      if (dev->state == GT_DEVICE_READY)
	loaded = load_image_locked (dev, img);
      gt_device_unlock (dev);
      /* The device is in use: the new image's regions cannot fall back
	 to the host while the data they map lives on the device.  */
      if (!loaded)
	gt_fatal ("device %d (plugin '%s') cannot load the offload image "
		  "of a library loaded while it was in use", dev->id,
		  dev->plugin_name);
    }
}

/* At exit: take every initialised device down -- its mappings undone,
   its images unloaded, its memory freed -- unless they are left alone
   (gt_devices_left_at_exit).  */
static void
teardown_devices (void)
{
  int i, n = __atomic_load_n (&gt_num_devices, __ATOMIC_ACQUIRE);

  if (gt_devices_left_at_exit ())
    return;
  for (i = 0; i < n; i++)
    {
      struct gt_device *dev = &gt_devices[i];
      if (__atomic_load_n (&dev->state, __ATOMIC_ACQUIRE) != GT_DEVICE_READY)
	continue;
      gt_device_lock (dev);
      /* The program exits while regions it did not wait for still run
	 (nowait work, another thread's region): the process ends them, as
	 it would on a GPU; waiting could take forever, and their memory
	 must stay while they run.  */
      if (gt_dev_busy (dev))
	{
	  /* Nor do the images' destructors unload their code from it.  */
	  __atomic_store_n (&dev->state, GT_DEVICE_FAILED, __ATOMIC_RELEASE);
	  gt_device_unlock (dev);
	  gt_debug ("device %d still runs work at exit; left as it is",
		    dev->id);
	  continue;
	}
      finish_device_locked (dev);
      __atomic_store_n (&dev->state, GT_DEVICE_UNINITIALISED,
			__ATOMIC_RELEASE);
      gt_device_unlock (dev);
      gt_debug ("device %d finished", dev->id);
    }
}

static void
register_teardown (void)
{
  /* Registered once the first device works, after its vendor library
     registered its own exit handlers: ours runs before theirs.  */
  atexit (teardown_devices);
}

bool
gt_device_ready_locked (struct gt_device *dev)
{
  if (dev->state == GT_DEVICE_UNINITIALISED)
    {
      if (!gt_dev_init (dev))
	{
	  gt_debug ("device %d (plugin '%s') failed to initialise",
		    dev->id, dev->plugin_name);
	  dev->state = GT_DEVICE_FAILED;
	}
      else
	{
	  static pthread_once_t teardown_once = PTHREAD_ONCE_INIT;
	  if (gt_ompt_active ())
	    gt_ompt_device_initialize (dev->id, dev->plugin_name);
	  if (!load_images_locked (dev))
	    {
	      /* Nothing is mapped yet: the device is left out, and every
		 construct falls back to the host alike.  Its regions alone
		 falling back would leave their data on the device.  */
	      gt_warning ("device %d (plugin '%s') cannot load the program's "
			  "offload code; it is not used", dev->id,
			  dev->plugin_name);
	      finish_device_locked (dev);
	      dev->state = GT_DEVICE_FAILED;
	      return false;
	    }
	  if (dev->caps & GT_CAP_HOST_CODE)
	    gt_map_host_vars_locked (dev);
	  gt_once (&teardown_once, NULL, register_teardown);
	  gt_debug ("device %d initialised (plugin '%s', its device %d)",
		    dev->id, dev->plugin_name, dev->local_id);
	  GT_ANNOTATE_HAPPENS_BEFORE (&dev->state);
	  __atomic_store_n (&dev->state, GT_DEVICE_READY, __ATOMIC_RELEASE);
	}
    }
  return dev->state == GT_DEVICE_READY;
}

static void
mandatory_fatal (int device_num, int n)
{
  if (n == 0)
    {
      const char *why = gt_plugins_without_devices ();
      if (*why == '\0')
	why = "no plugin loaded";
      gt_fatal ("OMP_TARGET_OFFLOAD is set to MANDATORY, but no offload "
		"device is available (%s)", why);
    }
  gt_fatal ("OMP_TARGET_OFFLOAD is set to MANDATORY, but device %d is not "
	    "available", device_num);
}

/* DEVICE_NUM names a device (0..n-1): return it ready, or NULL.  */
/* Is DEV ready (and what its initialisation wrote seen)?  */
static inline bool
seen_ready (struct gt_device *dev)
{
  if (GT_LIKELY (__atomic_load_n (&dev->state, __ATOMIC_ACQUIRE)
		 == GT_DEVICE_READY))
    {
      GT_ANNOTATE_HAPPENS_AFTER (&dev->state);
      return true;
    }
  return false;
}

static struct gt_device *
ready_device (int device_num)
{
  struct gt_device *dev = &gt_devices[device_num];
  bool ok;

  if (seen_ready (dev))
    return dev;
  gt_device_lock (dev);
  ok = gt_device_ready_locked (dev);
  gt_device_unlock (dev);
  return ok ? dev : NULL;
}

/* gt_resolve_device of DEVICE_NUM (a device number, or
   GT_DEVICE_INVALID) when it is not a ready device of the N there are:
   offloading disabled, no such device, a device not yet initialised or
   unusable.  Out of line: the launch path's call is the ready device's.  */
static struct gt_device * __attribute__ ((noinline))
resolve_not_ready (int device_num, int n)
{
  struct gt_device *dev;

  if (GT_UNLIKELY (gt_icvs.target_offload == GT_OFFLOAD_DISABLED))
    return NULL;
  if (GT_UNLIKELY (device_num < 0 || device_num >= n))
    {
      if (gt_icvs.target_offload == GT_OFFLOAD_MANDATORY
	  && (n == 0 || device_num != n))
	mandatory_fatal (device_num, n);
      if (device_num != n)
	gt_debug ("device %d does not exist (%d device(s)); running on the "
		  "host", device_num, n);
      return NULL;
    }
  dev = ready_device (device_num);
  if (GT_UNLIKELY (dev == NULL))
    {
      bool forked = (__atomic_load_n (&gt_devices[device_num].state,
				      __ATOMIC_ACQUIRE) == GT_DEVICE_FORKED);
      if (forked && gt_icvs.target_offload == GT_OFFLOAD_MANDATORY)
	gt_fatal ("OMP_TARGET_OFFLOAD is set to MANDATORY, but device %d "
		  "(plugin '%s') was initialised before fork () and cannot "
		  "be used in the child process", device_num,
		  gt_devices[device_num].plugin_name);
      if (gt_icvs.target_offload == GT_OFFLOAD_MANDATORY)
	mandatory_fatal (device_num, n);
      if (forked)
	gt_debug ("device %d (plugin '%s') was initialised before fork (); "
		  "not usable in the child process, running on the host",
		  device_num, gt_devices[device_num].plugin_name);
      else
	gt_debug ("device %d is not usable; running on the host",
		  device_num);
    }
  return dev;
}

struct gt_device *
gt_resolve_device (int device_num)
{
  struct gt_device *dev;
  int n;

  if (device_num == GT_DEVICE_HOST_FALLBACK)
    return NULL;
  /* Code running on an emulated device that reaches a target construct
     (only possible through a host fallback path) stays where it is.  */
  if (GT_UNLIKELY (gt_current_device >= 0))
    return NULL;
  if (device_num == GT_DEVICE_ICV)
    {
      device_num = gt_default_device ();
      if (device_num == GT_DEVICE_INITIAL)
	return NULL;
    }
  if (GT_UNLIKELY (device_num == GT_DEVICE_INVALID))
    gt_fatal ("omp_invalid_device encountered");
  n = gt_init_devices ();
  /* A ready device, offloading not disabled: the common case.  */
  if (GT_LIKELY (gt_icvs.target_offload != GT_OFFLOAD_DISABLED
		 && device_num >= 0 && device_num < n))
    {
      dev = &gt_devices[device_num];
      if (seen_ready (dev))
	return dev;
    }
  return resolve_not_ready (device_num, n);
}
