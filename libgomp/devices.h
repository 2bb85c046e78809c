/* devices.h -- the device table: the devices of the plugins, numbered in
   one sequence; the region entries a device loaded (devices.c); devices
   floor.  Their initialisation and device-number resolution under
   OMP_TARGET_OFFLOAD are a floor above (lifecycle.h).

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

#ifndef GT_DEVICES_H
#define GT_DEVICES_H

#include "diagnostics.h"

#include <pthread.h>
#include <stdint.h>

#include "gomptarget-plugin.h"
#include "registry.h"
#include "splay-tree.h"

/* A loaded plugin; only device-calls.c calls it (plugin-binding.h).  */
struct gt_plugin;

enum gt_device_state
{
  GT_DEVICE_UNINITIALISED,
  GT_DEVICE_READY,
  GT_DEVICE_FAILED,
  /* Initialised before fork () by a plugin whose devices do not survive
     it (GT_CAP_SURVIVES_FORK): unusable in the child process (fork.c).  */
  GT_DEVICE_FORKED
};

/* Fields that threads launching at once write go on cache lines of their
   own (GT_CACHE_LINE), apart from the ones they only read.  */
struct gt_device
{
  /* Read on every construct, written once or seldom.  */
  int id;			/* Global device number.  */
  int local_id;			/* The plugin's number for it.  */
  struct gt_plugin *plugin;
  const char *plugin_name;
  uint32_t caps;		/* The plugin's GT_CAP_*.  */
  bool async;			/* The plugin queues work (device-calls.h).  */
  /* Counts the times the device was taken down: device memory of an
     earlier incarnation is gone (atomic).  */
  unsigned incarnation;
  /* Read (atomically) by every construct, written under LOCK.  */
  enum gt_device_state state;
  /* Device memory whose last user finished in a completion callback, to
     be freed by the next construct on the device (a stack, atomic).  */
  struct gt_block *free_later;
  /* The table of entries the device loaded for each host table, by its
     number (registry.h); NULL where it loaded none.  Set before the
     device is ready, read-only afterwards.  */
  __tgt_target_table **tables;
  unsigned num_tables;
  /* The smaller copies of TABLES it replaced, which a launch may still
     read: kept (reachable) for good.  Their number is bounded, as host
     table numbers are reused (registry.h).  */
  struct gt_retired_tables *retired_tables;
  /* Reverse offload (reverse.c): for each host table number, the
     device-side functions of the ancestor regions of the image the device
     loaded for it; NUM_REV_FNS slots.  */
  struct gt_rev_fns *rev_fns;
  unsigned num_rev_fns;

  /* Small blocks no thread keeps, with their device memory, in the order
     they were freed (mapping-slab.c); guarded by SPARE_LOCK.  */
  gt_mutex_t spare_lock __attribute__ ((aligned (GT_CACHE_LINE)));
  struct gt_block *spare_head, *spare_tail;
  unsigned num_spare;

  /* The lock and what it guards; the first line holds the fields every
     construct writes (the tree's lo and hi, written when the bounds
     grow, may be on the next).  */
  gt_mutex_t lock		/* Guards everything below.  */
    __attribute__ ((aligned (GT_CACHE_LINE)));
  unsigned long generation;	/* Counts constructs, see gt_refcount.  */
  /* The constructs that hold keys without counting them
     (mapping-held.c), or NULL.  */
  struct gt_construct *holders;
  struct gt_splay_tree mem_map;
  /* The allocations of omp_target_alloc, by device address
     (api-allocs.c).  */
  struct gt_splay_tree api_allocs;
  /* The target constructs whose regions may be running on the device
     (queued launches), whose items are device data even when they have
     left the table already (the end of a queued construct is queued
     with its launch): the lookups by device address look through them
     too (mapping-lookup.c).  */
  struct gt_construct **running;
  unsigned num_running, running_size;
} __attribute__ ((aligned (GT_CACHE_LINE)));

/* The reverse-offload table of one image on one device (rev_fn_table):
   device function DEV_FNS[I], when non-zero, stands for host function
   HOST_FNS[I].  */
struct gt_rev_fns
{
  const uint64_t *dev_fns;
  void *const *host_fns;
  size_t count;
};

/* Take and release DEV's lock (gt_lock: a fatal error releases it).  */
static inline void
gt_device_lock (struct gt_device *dev)
{
  gt_lock (&dev->lock);
}

static inline void
gt_device_unlock (struct gt_device *dev)
{
  gt_unlock (&dev->lock);
}

extern int gt_num_devices GT_HIDDEN;
extern struct gt_device *gt_devices GT_HIDDEN;

/* Load the plugins once; return the number of devices.  */
int gt_init_devices (void) GT_HIDDEN;

/* Register FN, called once when the device table is loaded, after the
   plugins are (fork.c registers its fork handlers then); set at startup
   by the floor above.  */
void gt_devices_on_loaded (void (*fn) (void)) GT_HIDDEN;

/* Does the program end without finishing its devices: a fatal error or
   a device ending it (see gt_exiting_on_error)?  Then what runs at exit
   (the teardown, the unregistering of images) leaves every device and
   device lock alone.  */
bool gt_devices_left_at_exit (void) GT_HIDDEN;
/* A device ends the program: from now on gt_devices_left_at_exit is true
   (the service GOMPTARGET_PLUGIN_device_ends_program).  */
void gt_devices_leave_at_exit (void) GT_HIDDEN;

/* The device address of the region FN on DEV, or NULL when DEV cannot
   run it: the entry at FN's position in the table DEV loaded for FN's
   host table, found without a search; else, on a device that runs host
   code, FN itself.  */
static inline void *
gt_device_entry (struct gt_device *dev, void (*fn) (void *))
{
  unsigned table_id;
  size_t pos;

  if (gt_func_lookup ((const void *) fn, &table_id, &pos)
      && table_id < dev->num_tables && dev->tables[table_id] != NULL)
    {
      const __tgt_target_table *t = dev->tables[table_id];
      if (pos < (size_t) (t->EntriesEnd - t->EntriesBegin))
	return t->EntriesBegin[pos].addr;
    }
  if (dev->caps & GT_CAP_HOST_CODE)
    return (void *) fn;
  return NULL;
}

/* The host function of the region whose device address on DEV is ENTRY
   (the inverse of gt_device_entry), or NULL: a search, for messages.  */
static inline const void *
gt_device_entry_fn (struct gt_device *dev, const void *entry)
{
  const struct gt_func_index *t
    = __atomic_load_n (&gt_func_index, __ATOMIC_ACQUIRE);

  for (unsigned id = 0; t != NULL && id < dev->num_tables; id++)
    {
      const __tgt_target_table *tab = dev->tables[id];
      size_t n = tab ? (size_t) (tab->EntriesEnd - tab->EntriesBegin) : 0;

      for (size_t pos = 0; pos < n; pos++)
	if (tab->EntriesBegin[pos].addr == entry)
	  /* The host function of that table and position.  */
	  for (size_t i = 0; i <= t->mask; i++)
	    {
	      const void *fn = __atomic_load_n (&t->slot[i].fn,
						__ATOMIC_ACQUIRE);
	      if (fn != NULL
		  && __atomic_load_n (&t->slot[i].ref, __ATOMIC_RELAXED)
		     == ((uint64_t) id << 32 | pos))
		return fn;
	    }
    }
  /* A device that runs host code runs the host function itself.  */
  return dev->caps & GT_CAP_HOST_CODE ? entry : NULL;
}

#endif /* GT_DEVICES_H */
