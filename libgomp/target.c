/* target.c -- the GOMP_target* entry points GCC emits for target,
   target data, target update and target enter/exit data, in their
   GOMP_4.0 (8-bit kinds) and GOMP_4.5 forms, and host fallback.

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

#include "devices.h"
#include "device-calls.h"
#include "icv.h"
#include "mapping.h"
#include "gcc-rules.h"
#include "shared-mem.h"
#include "tasks.h"
#include "gomp-map-kinds.h"
#include "entry-points.h"

#include <limits.h>
#include <stdlib.h>


/* The stack of enclosing target data constructs of this thread.  */
static GT_TLS struct gt_construct *data_stack;

/* Wait for the dependences of an undeferred construct to be satisfied:
   a construct with depend runs only after the sibling tasks it depends
   on.  Completing it before returning satisfies later dependences on it
   (a nowait construct may be executed undeferred).  */
static inline void
wait_depend (void **depend)
{
  if (depend != NULL)
    GOMP_taskwait_depend (depend);
}

/* Extract num_teams and thread_limit for DEV from GCC's ARGS array.  */
static void
parse_target_args (void **args, int *num_teams, int *thread_limit)
{
  *num_teams = 0;
  *thread_limit = 0;
  if (args == NULL)
    return;
  while (*args)
    {
      intptr_t id = (intptr_t) *args++, val;
      if (id & GT_TARGET_ARG_SUBSEQUENT_PARAM)
	val = (intptr_t) *args++;
      else
	val = id >> GT_TARGET_ARG_VALUE_SHIFT;
      if ((id & GT_TARGET_ARG_DEVICE_MASK) != GT_TARGET_ARG_DEVICE_ALL)
	continue;
      switch (id & GT_TARGET_ARG_ID_MASK)
	{
	case GT_TARGET_ARG_NUM_TEAMS:
	  /* As GCC passes it (-2: no teams construct, GCC 13 and later);
	     gt_device_launch_icvs makes it the plugin's.  */
	  *num_teams = (int) (val < INT_MIN ? INT_MIN
			      : val > INT_MAX ? INT_MAX : val);
	  break;
	case GT_TARGET_ARG_THREAD_LIMIT:
	  *thread_limit = val > 0 ? (int) (val < INT_MAX ? val : INT_MAX) : 0;
	  break;
	}
    }
}

/* A region handed to its initial thread (runner.c).  */
struct region_call
{
  struct gt_device *dev;	/* NULL: host fallback.  */
  void *entry;
  void **vars;
  size_t mapnum;
  int num_teams;
  int thread_limit;
  bool ok;
};

static void
region_call_run (void *arg)
{
  struct region_call *rc = arg;
  struct gt_device *dev = rc->dev;

  if (dev == NULL)
    {
      ((void (*) (void *)) rc->entry) (rc->vars);
      return;
    }
  rc->ok = gt_dev_run_region (dev, rc->entry, rc->vars, rc->mapnum,
			      rc->num_teams, rc->thread_limit);
}

/* The host code of a region of a device that runs host code.  */
struct host_region
{
  int device_num;
  void (*fn) (void *);
  void *vars;
};

static void
host_region_run (void *arg)
{
  struct host_region *hr = arg;
  int saved = gt_context_enter (hr->device_num);

  hr->fn (hr->vars);
  gt_context_leave (saved);
}

GT_PUBLIC void
GOMPTARGET_PLUGIN_run_host_region (int32_t device_num, void (*fn) (void *),
				   void *vars, int32_t num_teams,
				   int32_t thread_limit)
{
  struct host_region hr = { device_num, fn, vars };

  (void) num_teams;
  gt_run_on_initial_thread (host_region_run, &hr,
			    thread_limit > 0 ? thread_limit : 0);
}

/* Run FN on the host with the host addresses: the host device, if(false)
   and every case where no device can run the region.  Like a region on
   a device, it starts with a fresh initial thread.  */
static void
host_fallback (void (*fn) (void *), void **hostaddrs, void **args)
{
  struct region_call rc = { NULL, (void *) fn, hostaddrs, 0, 0, 0, true };

  if (GT_UNLIKELY (gt_context_device () >= 0))
    {
      /* Already on a device's initial thread (a construct inside a
	 region): execute in place, as device code would -- unless it is
	 an ancestor region (reverse offload, shared-mem.c).  */
      if (!gt_run_ancestor_region (fn, hostaddrs))
	fn (hostaddrs);
      return;
    }
  parse_target_args (args, &rc.num_teams, &rc.thread_limit);
  gt_run_on_initial_thread (region_call_run, &rc, rc.thread_limit);
}

static void
run_region (struct gt_device *dev, void (*fn) (void *), size_t mapnum,
	    void **hostaddrs, size_t *sizes, const void *kinds,
	    bool short_kinds, void **args)
{
  void *entry = gt_device_entry (dev, fn);
  struct gt_construct *c;
  void **devaddrs;
  int num_teams, thread_limit;

  if (GT_UNLIKELY (entry == NULL))
    {
      if (gt_icvs.target_offload == GT_OFFLOAD_MANDATORY)
	gt_fatal ("OMP_TARGET_OFFLOAD is set to MANDATORY, but device %d "
		  "has no code for the target region %p", dev->id,
		  (void *) fn);
      gt_debug ("device %d has no code for region %p; running on the host",
		dev->id, (void *) fn);
      host_fallback (fn, hostaddrs, args);
      return;
    }
  parse_target_args (args, &num_teams, &thread_limit);
  gt_device_launch_icvs (dev, &num_teams, &thread_limit);
  if (GT_UNLIKELY (gt_shared_memory_p (dev)))
    {
      gt_run_shared_region (dev, entry, mapnum, hostaddrs, sizes, kinds,
			    short_kinds, num_teams, thread_limit);
      return;
    }

  /* The thread's reusable construct, unless a region of this thread is
     still using it (a target task run at a scheduling point inside a
     region on an emulated device).  */
  struct gt_construct local;
  c = gt_thread_construct ();
  if (GT_UNLIKELY (c->in_use))
    {
      local = (struct gt_construct) { 0 };
      c = &local;
      devaddrs = gt_malloc (mapnum * sizeof (void *));
    }
  else
    devaddrs = gt_thread_devaddrs (mapnum);
  c->in_use = true;
  gt_device_lock (dev);
  c->dev = dev;
  c->gen = ++dev->generation;
  c->nitems = 0;
  c->private_block = NULL;
  gt_region_fn = fn;
  gt_map_vars_locked (dev, mapnum, hostaddrs, sizes, kinds, short_kinds,
		      GT_MAP_FOR_TARGET, devaddrs, c);
  gt_region_fn = NULL;
  gt_device_unlock (dev);

  gt_debug ("launch region %p on device %d (%zu argument(s), %d team(s), "
	    "thread limit %d)", entry, dev->id, mapnum, num_teams,
	    thread_limit);
  struct region_call rc = { dev, entry, devaddrs, mapnum, num_teams,
			    thread_limit, false };
  /* A plugin running host code gives it a fresh initial thread through
     GOMPTARGET_PLUGIN_run_host_region.  */
  region_call_run (&rc);
  if (GT_UNLIKELY (!rc.ok))
    gt_fatal ("device %d: running target region %p failed", dev->id,
	      entry);

  gt_device_lock (dev);
  gt_unmap_vars_locked (c);
  gt_device_unlock (dev);
  c->in_use = false;
  if (GT_UNLIKELY (c == &local))
    {
      gt_construct_release (c);
      free (devaddrs);
    }
}

GT_PUBLIC void
GOMP_target (int device, void (*fn) (void *), const void *unused,
	     size_t mapnum, void **hostaddrs, size_t *sizes,
	     unsigned char *kinds)
{
  struct gt_device *dev = gt_resolve_device (device);

  (void) unused;
  if (dev == NULL)
    host_fallback (fn, hostaddrs, NULL);
  else
    run_region (dev, fn, mapnum, hostaddrs, sizes, kinds, false, NULL);
}

static void
target_ext (int device, void (*fn) (void *), size_t mapnum,
	    void **hostaddrs, size_t *sizes, unsigned short *kinds,
	    void **args)
{
  struct gt_device *dev = gt_resolve_device (device);

  if (dev == NULL)
    host_fallback (fn, hostaddrs, args);
  else
    run_region (dev, fn, mapnum, hostaddrs, sizes, kinds, true, args);
}

GT_PUBLIC void
GOMP_target_ext (int device, void (*fn) (void *), size_t mapnum,
		 void **hostaddrs, size_t *sizes, unsigned short *kinds,
		 unsigned int flags, void **depend, void **args)
{
  if (flags & GT_TARGET_FLAG_NOWAIT)
    {
      gt_target_task (GT_TASK_REGION, device, fn, mapnum, hostaddrs, sizes,
		      kinds, flags, depend, args);
      return;
    }
  wait_depend (depend);
  target_ext (device, fn, mapnum, hostaddrs, sizes, kinds, args);
}

static void
data_begin (int device, size_t mapnum, void **hostaddrs, size_t *sizes,
	    const void *kinds, bool short_kinds)
{
  struct gt_device *dev = gt_mapping_device (gt_resolve_device (device));
  struct gt_construct *c = gt_calloc (1, sizeof *c);

  c->dev = dev;
  c->prev = data_stack;
  data_stack = c;
  if (dev == NULL)
    return;
  gt_device_lock (dev);
  c->gen = ++dev->generation;
  gt_map_vars_locked (dev, mapnum, hostaddrs, sizes, kinds, short_kinds,
		      GT_MAP_FOR_DATA, NULL, c);
  gt_device_unlock (dev);
}

GT_PUBLIC void
GOMP_target_data (int device, const void *unused, size_t mapnum,
		  void **hostaddrs, size_t *sizes, unsigned char *kinds)
{
  (void) unused;
  data_begin (device, mapnum, hostaddrs, sizes, kinds, false);
}

GT_PUBLIC void
GOMP_target_data_ext (int device, size_t mapnum, void **hostaddrs,
		      size_t *sizes, unsigned short *kinds)
{
  data_begin (device, mapnum, hostaddrs, sizes, kinds, true);
}

GT_PUBLIC void
GOMP_target_end_data (void)
{
  struct gt_construct *c = data_stack;

  if (c == NULL)
    return;
  data_stack = c->prev;
  if (c->dev != NULL)
    {
      gt_device_lock (c->dev);
      gt_unmap_vars_locked (c);
      gt_device_unlock (c->dev);
    }
  gt_construct_release (c);
  free (c);
}

static void
update (int device, size_t mapnum, void **hostaddrs, size_t *sizes,
	const void *kinds, bool short_kinds)
{
  struct gt_device *dev = gt_mapping_device (gt_resolve_device (device));

  if (dev == NULL)
    return;
  gt_device_lock (dev);
  gt_update_locked (dev, mapnum, hostaddrs, sizes, kinds, short_kinds);
  gt_device_unlock (dev);
}

GT_PUBLIC void
GOMP_target_update (int device, const void *unused, size_t mapnum,
		    void **hostaddrs, size_t *sizes, unsigned char *kinds)
{
  (void) unused;
  update (device, mapnum, hostaddrs, sizes, kinds, false);
}

GT_PUBLIC void
GOMP_target_update_ext (int device, size_t mapnum, void **hostaddrs,
			size_t *sizes, unsigned short *kinds,
			unsigned int flags, void **depend)
{
  if (flags & GT_TARGET_FLAG_NOWAIT)
    {
      gt_target_task (GT_TASK_UPDATE, device, NULL, mapnum, hostaddrs, sizes,
		      kinds, flags, depend, NULL);
      return;
    }
  wait_depend (depend);
  update (device, mapnum, hostaddrs, sizes, kinds, true);
}

/* How many items, starting at I, enter data maps together: a structure
   with its fields, a Fortran descriptor with its pointers, or an item
   with the attach that follows it.  */
static size_t
enter_group_size (size_t i, size_t mapnum, size_t *sizes,
		  unsigned short *kinds)
{
  int kind = kinds[i] & 0xff;
  size_t j;

  if (kind == GT_MAP_STRUCT || kind == GT_MAP_STRUCT_UNORD)
    return sizes[i] + 1;
  if (kind == GT_MAP_TO_PSET)
    {
      for (j = i + 1; j < mapnum; j++)
	{
	  int k = kinds[j] & 0xff;
	  if (k != GT_MAP_POINTER && k != GT_MAP_ALWAYS_POINTER
	      && k != GT_MAP_POINTER_TO_ZERO_LENGTH_ARRAY_SECTION)
	    break;
	}
      return j - i;
    }
  if (i + 1 < mapnum && ((kinds[i + 1] & 0xff) == GT_MAP_ATTACH
			 || (kinds[i + 1] & 0xff) == GT_MAP_POINTER))
    return 2;
  return 1;
}

static void
enter_exit_data (int device, size_t mapnum, void **hostaddrs, size_t *sizes,
		 unsigned short *kinds, unsigned int flags)
{
  struct gt_device *dev;
  struct gt_construct *c;
  size_t i, n;

  dev = gt_mapping_device (gt_resolve_device (device));
  if (dev == NULL)
    return;
  gt_device_lock (dev);
  if (flags & GT_TARGET_FLAG_EXIT_DATA)
    gt_exit_data_locked (dev, mapnum, hostaddrs, sizes, kinds);
  else
    {
      /* Each item is mapped on its own, so that it can be released on
	 its own; the directive counts each object once.  */
      c = gt_thread_construct ();
      c->dev = dev;
      c->gen = ++dev->generation;
      c->private_block = NULL;
      for (i = 0; i < mapnum; i += n)
	{
	  n = enter_group_size (i, mapnum, sizes, kinds);
	  if (i + n > mapnum)
	    n = mapnum - i;
	  c->nitems = 0;
	  gt_map_vars_locked (dev, n, hostaddrs + i, sizes + i, kinds + i,
			      true, GT_MAP_FOR_ENTER_DATA, NULL, c);
	}
      c->nitems = 0;
    }
  gt_device_unlock (dev);
}

GT_PUBLIC void
GOMP_target_enter_exit_data (int device, size_t mapnum, void **hostaddrs,
			     size_t *sizes, unsigned short *kinds,
			     unsigned int flags, void **depend)
{
  if (flags & GT_TARGET_FLAG_NOWAIT)
    {
      gt_target_task (GT_TASK_ENTER_EXIT_DATA, device, NULL, mapnum,
		      hostaddrs, sizes, kinds, flags, depend, NULL);
      return;
    }
  wait_depend (depend);
  enter_exit_data (device, mapnum, hostaddrs, sizes, kinds, flags);
}

void
gt_run_target_task (enum gt_task_kind what, int device,
		    void (*fn) (void *), size_t mapnum, void **hostaddrs,
		    size_t *sizes, unsigned short *kinds, unsigned flags,
		    void **args)
{
  switch (what)
    {
    case GT_TASK_REGION:
      target_ext (device, fn, mapnum, hostaddrs, sizes, kinds, args);
      break;
    case GT_TASK_UPDATE:
      update (device, mapnum, hostaddrs, sizes, kinds, true);
      break;
    case GT_TASK_ENTER_EXIT_DATA:
      enter_exit_data (device, mapnum, hostaddrs, sizes, kinds, flags);
      break;
    }
}
