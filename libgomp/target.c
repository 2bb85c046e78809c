/* target.c -- running target constructs: a region on a device or, where
   it cannot run there, on the host (host fallback); target data, target
   update and target enter/exit data; and the queued form of each that a
   nowait construct's target task (task.c) uses.  The GOMP_target* entry
   points are in gomp-target.c.

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
#include "env.h"
#include "context.h"
#include "icv-device.h"
#include "lifecycle.h"
#include "mapping.h"
#include "reverse.h"
#include "shared-mem.h"
#include "target.h"
#include "runner.h"
#include "transfer.h"
#include "profile.h"
#include "ompt.h"

#include <omp.h>
#include "gomp-map-kinds.h"
#include "entry-points.h"

#include <limits.h>
#include <sched.h>
#include <stdlib.h>


/* The stack of enclosing target data constructs of this thread.  */
static GT_TLS struct gt_construct *data_stack;

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

/* Run FN on the host with the host addresses: the host device, if(false)
   and every case where no device can run the region.  Like a region on
   a device, it starts with a fresh initial thread.  */
void
gt_host_fallback (void (*fn) (void *), void **hostaddrs, void **args)
{
  struct region_call rc = { NULL, (void *) fn, hostaddrs, 0, 0, 0, true };
  uint64_t t0;

  if (GT_UNLIKELY (gt_context_device () >= 0))
    {
      /* Already on a device's initial thread (a construct inside a
	 region): execute in place, as device code would.  (Ancestor
	 regions, reverse offload, do not come here: reverse.c.)  */
      fn (hostaddrs);
      return;
    }
  t0 = gt_profile_start ();
  parse_target_args (args, &rc.num_teams, &rc.thread_limit);
  gt_run_on_initial_thread (region_call_run, &rc, rc.thread_limit);
  if (GT_UNLIKELY (t0))
    gt_profile_region (GT_PROFILE_HOST, (const void *) fn, rc.num_teams,
		       rc.thread_limit, 0, false, t0);
}

/* DEV has no code for region FN: fall back to the host, unless offloading
   is mandatory.  */
static void
region_without_code (struct gt_device *dev, void (*fn) (void *),
		     void **hostaddrs, void **args)
{
  if (gt_icvs.target_offload == GT_OFFLOAD_MANDATORY)
    gt_fatal ("OMP_TARGET_OFFLOAD is set to MANDATORY, but device %d has no "
	      "code for the target region %p", dev->id, (void *) fn);
  gt_debug ("device %d has no code for region %s (%p); running on the "
	    "host", dev->id, gt_profile_fn_name ((const void *) fn),
	    (void *) fn);
  gt_host_fallback (fn, hostaddrs, args);
}

/* The construct storage for this thread's next construct: its own,
   unless a construct of this thread is still using it (a target task run
   at a scheduling point inside a region on an emulated device); then
   LOCAL, whose storage the caller releases.  */
static struct gt_construct *
construct_for (struct gt_device *dev, struct gt_construct *local)
{
  struct gt_construct *c = gt_thread_construct ();

  if (GT_UNLIKELY (c->in_use))
    {
      *local = (struct gt_construct) { 0 };
      c = local;
    }
  c->in_use = true;
  c->dev = dev;
  c->nitems = 0;
  c->npinned = 0;
  c->pin = false;
  c->hold = false;
  c->nheld = 0;
  c->private_block = NULL;
  return c;
}

static void
construct_done (struct gt_construct *c, struct gt_construct *local)
{
  c->in_use = false;
  if (GT_UNLIKELY (c == local))
    gt_construct_release (c);
}

/* The transfer of a construct DEV's queue runs behind the NDEPS events
   DEPS: the thread's own when it waits for it (NOWAIT false) and it is
   free, else a new one.  */
static struct gt_xfer *
xfer_for (struct gt_device *dev, bool nowait, int ndeps, tgt_event_t *deps,
	  bool defer_reads)
{
  struct gt_xfer *x = NULL;

  if (!nowait)
    x = gt_xfer_thread (dev);
  if (x == NULL)
    x = gt_xfer_new (dev, ndeps, deps, defer_reads);
  return x;
}

/* Wait for the operations of construct WHAT queued on X, and end X.  */
static void
finish_waiting (struct gt_xfer *x, const char *what)
{
  if (GT_UNLIKELY (!gt_xfer_wait (x)))
    gt_fatal ("device %d: %s failed", x->dev->id, what);
  gt_xfer_end (x);
}

static inline void
debug_launch (struct gt_device *dev, void (*fn) (void *), void *entry,
	      size_t mapnum, int num_teams, int thread_limit)
{
  char teams[16], limit[16];

  gt_debug ("launch region %s on device %d (entry %p, %zu argument(s), "
	    "teams: %s, thread limit: %s)",
	    gt_profile_fn_name ((const void *) fn), dev->id, entry, mapnum,
	    gt_debug_count (num_teams, teams, sizeof teams),
	    gt_debug_count (thread_limit, limit, sizeof limit));
}

/* Announce to the tool the MAPNUM variables of the region about to be
   mapped: HOSTADDRS, SIZES and KINDS as the entry point got them,
   DEVADDRS where they will be on the device (ompt.h).  */
static void __attribute__ ((noinline))
ompt_announce_map (size_t mapnum, void **hostaddrs, void **devaddrs,
		   size_t *sizes, const void *kinds, bool short_kinds)
{
  unsigned int *flags = gt_ompt_map_flags_buffer (mapnum);
  size_t i;

  if (flags == NULL)
    return;
  for (i = 0; i < mapnum; i++)
    {
      bool implicit;
      int k = gt_map_kind (kinds, short_kinds, i, &implicit);
      flags[i] = gt_ompt_map_flags (k, implicit);
    }
  gt_ompt_map_at_launch (mapnum, hostaddrs, devaddrs, sizes, flags);
}

/* Map the variables of region ENTRY on X's device, for construct C, and
   queue its launch.  */
static void
launch_region (struct gt_xfer *x, struct gt_construct *c,
	       void (*fn) (void *), void *entry, size_t mapnum,
	       void **hostaddrs, size_t *sizes, const void *kinds,
	       bool short_kinds, int num_teams, int thread_limit)
{
  struct gt_device *dev = x->dev;
  void **devaddrs = gt_thread_devaddrs (mapnum);

  /* Reported at the launch, with the device addresses.  */
  if (gt_ompt_active ())
    ompt_announce_map (mapnum, hostaddrs, devaddrs, sizes, kinds,
		       short_kinds);

  gt_device_lock (dev);
  c->gen = ++dev->generation;
  /* For the rules that follow the compiler of FN (gcc-rules.h).  */
  c->region_fn = fn;
  gt_map_vars_locked (x, mapnum, hostaddrs, sizes, kinds, short_kinds,
		      GT_MAP_FOR_TARGET, devaddrs, c);
  c->region_fn = NULL;
  gt_map_dump_maybe_locked (dev, "entry", (const void *) fn);
  gt_device_unlock (dev);
  debug_launch (dev, fn, entry, mapnum, num_teams, thread_limit);
  /* The plugin reads DEVADDRS now.  */
  gt_xfer_run (x, entry, devaddrs, mapnum, num_teams, thread_limit);
}

/* Run region ENTRY of FN, which has no variables, on DEV, and wait for it:
   nothing to map, to copy or to hold, so no transfer and no construct;
   the launch goes to the thread's queue of DEV like a transfer's first
   operation, behind what the thread queued there before.  Not while
   the front end reports more than the launch and the wait themselves
   (an OMPT tool, GOMPTARGET_SUMMARY's count of keys, the mapping table
   in the trace): those take the general path, which says what it
   maps.  GOMPTARGET_PROFILE's records of the launch and of the wait
   are gt_dev_run_waited's, as gt_xfer_run's and gt_xfer_wait's.  */
static inline void
run_region_unmapped (struct gt_device *dev, void (*fn) (void *),
		     void *entry, int num_teams, int thread_limit)
{
  gt_xfer_free_deferred (dev);
  debug_launch (dev, fn, entry, 0, num_teams, thread_limit);
  if (!dev->async || (dev->caps & GT_CAP_RUNS_IN_PLACE))
    {
      /* As gt_xfer_run runs it without a queue.  */
      if (!gt_dev_run_region (dev, entry, NULL, 0, num_teams, thread_limit))
	gt_region_failed (dev, "running", entry);
      return;
    }
  /* As gt_xfer_run queues it and gt_xfer_wait waits for it.  */
  gt_dev_run_waited (dev, entry, num_teams, thread_limit);
}

/* The same, recorded (GOMPTARGET_PROFILE): out of the way of the region
   that is not.  */
static void __attribute__ ((noinline, cold))
run_region_unmapped_traced (struct gt_device *dev, void (*fn) (void *),
			    void *entry, int num_teams, int thread_limit,
			    uint64_t t0)
{
  run_region_unmapped (dev, fn, entry, num_teams, thread_limit);
  gt_profile_region (dev->id, (const void *) fn, num_teams, thread_limit, 0,
		     false, t0);
}

GT_TLS const struct gt_splay_index *gt_last_region_index;

void
gt_run_region (struct gt_device *dev, void (*fn) (void *), size_t mapnum,
	       void **hostaddrs, size_t *sizes, const void *kinds,
	       bool short_kinds, void **args)
{
  uint64_t t0 = gt_profile_start ();
  void *entry;
  int num_teams, thread_limit;
  struct gt_xfer *x;
  bool rev;

  /* The index slot of the first item, most likely present (an object
     mapped before, looked up where it starts): on its way while the
     launch is prepared, before the lookup under the lock reads it;
     loaded already by GOMP_target_ext where the thread's last region
     ran on this device too (gt_region_prefetch_early).  */
  if (GT_UNLIKELY (gt_last_region_index != &dev->mem_map.index))
    {
      gt_last_region_index = &dev->mem_map.index;
      if (mapnum != 0)
	gt_index_prefetch (&dev->mem_map.index, (uintptr_t) hostaddrs[0]);
    }
  entry = gt_device_entry (dev, fn);

  if (GT_UNLIKELY (entry == NULL))
    {
      region_without_code (dev, fn, hostaddrs, args);
      return;
    }
  parse_target_args (args, &num_teams, &thread_limit);
  gt_device_launch_icvs (dev, &num_teams, &thread_limit);
  if (GT_UNLIKELY (gt_shared_memory_p (dev)))
    {
      gt_run_shared_region (dev, fn, entry, mapnum, hostaddrs, sizes, kinds,
			    short_kinds, num_teams, thread_limit);
      if (GT_UNLIKELY (t0))
	gt_profile_region (dev->id, (const void *) fn, num_teams,
			   thread_limit, mapnum, false, t0);
      return;
    }
  if (mapnum == 0 && GT_LIKELY (t0 == 0) && !gt_ompt_active ()
      && GT_LIKELY (gt_debug_level < GT_DEBUG_MAPS))
    {
      run_region_unmapped (dev, fn, entry, num_teams, thread_limit);
      return;
    }
  /* Recording: the trace sees the same launch and wait either way; the
     summary counts the keys of the table the general path maps to.  */
  if (mapnum == 0 && !(gt_profile_on & GT_PROFILE_SUMMARY)
      && !gt_ompt_active () && gt_debug_level < GT_DEBUG_MAPS)
    {
      run_region_unmapped_traced (dev, fn, entry, num_teams, thread_limit,
				  t0);
      return;
    }
  x = xfer_for (dev, false, 0, NULL, false);
  struct gt_construct local, *c = construct_for (dev, &local);
  /* The copies back are queued behind the launch and the thread waits
     once for all.  The region drops its references before it has run:
     it pins the blocks of its keys until then, so that a construct that
     unmaps them meanwhile does not free what it uses.  */
  c->pin = true;
  /* The keys it finds present, it may hold instead of counting them
     (mapping-held.c); not while the table is written to the trace with
     each key's count.  */
  c->hold = gt_debug_level < GT_DEBUG_MAPS;
  /* The launch is queued without the lock: the plugin may run the region
     as it is called (always, for a plugin without the asynchronous
     interface), and the region may use the device.  */
  launch_region (x, c, fn, entry, mapnum, hostaddrs, sizes, kinds,
		 short_kinds, num_teams, thread_limit);
  gt_device_lock (dev);
  /* Copies back of keys that go with this region may run after the
     lock (in gt_xfer_wait).  */
  x->defer_from = true;
  gt_unmap_vars_locked (x, c, NULL);
  x->defer_from = false;
  gt_map_dump_maybe_locked (dev, "exit", (const void *) fn);
  rev = false;
  if (gt_xfer_done (x))
    {
      /* All done already (the plugin ran it all as it was queued): the
	 blocks need no pin until after the wait.  */
      struct gt_block *dead = NULL;
      gt_close_keys_locked (c, NULL, &dead);
      gt_xfer_free_later (x, dead);
    }
  else if (x->async && gt_rev_possible ())
    {
      /* Its ancestor regions may look for its data, whose keys may have
	 left the table: they look under the lock, so from now on.  */
      gt_running_add_locked (dev, c);
      rev = true;
    }
  gt_device_unlock (dev);
  if (GT_UNLIKELY (!gt_xfer_wait (x)))
    gt_region_failed (dev, "running", entry);
  gt_close_construct (c, rev);
  construct_done (c, &local);
  gt_xfer_end (x);
  if (GT_UNLIKELY (t0))
    gt_profile_region (dev->id, (const void *) fn, num_teams, thread_limit,
		       mapnum, false, t0);
}

void
gt_target_data_begin (int device, size_t mapnum, void **hostaddrs,
		      size_t *sizes, const void *kinds, bool short_kinds)
{
  struct gt_device *dev = gt_mapping_device (gt_resolve_device (device));
  struct gt_construct *c = gt_calloc (1, sizeof *c);

  c->dev = dev;
  c->prev = data_stack;
  data_stack = c;
  if (dev == NULL)
    return;
  struct gt_xfer *x = xfer_for (dev, false, 0, NULL, false);
  gt_device_lock (dev);
  c->gen = ++dev->generation;
  gt_map_vars_locked (x, mapnum, hostaddrs, sizes, kinds, short_kinds,
		      GT_MAP_FOR_DATA, NULL, c);
  gt_device_unlock (dev);
  finish_waiting (x, "mapping the variables of target data");
}

int
gt_target_data_device (void)
{
  struct gt_construct *c = data_stack;

  return c != NULL && c->dev != NULL ? c->dev->id : gt_ompt_host;
}

int
gt_ompt_device_of (int device)
{
  struct gt_device *dev = gt_resolve_device (device);

  return dev != NULL ? dev->id : gt_ompt_host;
}

void
gt_target_data_end (void)
{
  struct gt_construct *c = data_stack;

  if (c == NULL)
    return;
  data_stack = c->prev;
  if (c->dev != NULL)
    {
      struct gt_xfer *x = xfer_for (c->dev, false, 0, NULL, false);
      gt_device_lock (c->dev);
      gt_unmap_vars_locked (x, c, NULL);
      gt_device_unlock (c->dev);
      finish_waiting (x, "copying back the variables of target data");
      gt_close_construct (c, false);
    }
  gt_construct_release (c);
  free (c);
}

static void
queue_update (struct gt_xfer *x, size_t mapnum, void **hostaddrs,
	      size_t *sizes, const void *kinds, bool short_kinds)
{
  gt_device_lock (x->dev);
  gt_update_locked (x, mapnum, hostaddrs, sizes, kinds, short_kinds);
  gt_device_unlock (x->dev);
}

void
gt_target_update (int device, size_t mapnum, void **hostaddrs, size_t *sizes,
		  const void *kinds, bool short_kinds)
{
  struct gt_device *dev = gt_mapping_device (gt_resolve_device (device));
  struct gt_xfer *x;

  if (dev == NULL)
    return;
  x = xfer_for (dev, false, 0, NULL, false);
  queue_update (x, mapnum, hostaddrs, sizes, kinds, short_kinds);
  finish_waiting (x, "target update");
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

/* Queue the work of target enter data or target exit data on X; exit
   data pins blocks with EXIT_C (see gt_exit_data_locked).  */
static void
queue_enter_exit_data (struct gt_xfer *x, struct gt_construct *exit_c,
		       size_t mapnum, void **hostaddrs, size_t *sizes,
		       unsigned short *kinds, unsigned int flags)
{
  struct gt_device *dev = x->dev;
  struct gt_construct local, *c;
  size_t i, n;

  gt_device_lock (dev);
  if (flags & GT_TARGET_FLAG_EXIT_DATA)
    gt_exit_data_locked (x, exit_c, mapnum, hostaddrs, sizes, kinds);
  else
    {
      /* Each item is mapped on its own, so that it can be released on
	 its own; the directive counts each object once.  */
      c = construct_for (dev, &local);
      c->gen = ++dev->generation;
      for (i = 0; i < mapnum; i += n)
	{
	  n = enter_group_size (i, mapnum, sizes, kinds);
	  if (i + n > mapnum)
	    n = mapnum - i;
	  c->nitems = 0;
	  gt_map_vars_locked (x, n, hostaddrs + i, sizes + i, kinds + i,
			      true, GT_MAP_FOR_ENTER_DATA, NULL, c);
	}
      c->nitems = 0;
      construct_done (c, &local);
    }
  gt_device_unlock (dev);
}

void
gt_target_enter_exit_data (int device, size_t mapnum, void **hostaddrs,
			   size_t *sizes, unsigned short *kinds,
			   unsigned int flags)
{
  struct gt_device *dev = gt_mapping_device (gt_resolve_device (device));
  struct gt_xfer *x;

  if (dev == NULL)
    return;
  x = xfer_for (dev, false, 0, NULL, false);
  if (flags & GT_TARGET_FLAG_EXIT_DATA)
    {
      struct gt_construct local, *c = construct_for (dev, &local);
      queue_enter_exit_data (x, c, mapnum, hostaddrs, sizes, kinds, flags);
      finish_waiting (x, "target exit data");
      gt_close_construct (c, false);
      construct_done (c, &local);
    }
  else
    {
      queue_enter_exit_data (x, NULL, mapnum, hostaddrs, sizes, kinds, flags);
      finish_waiting (x, "target enter data");
    }
}

/* The OMPT kind of nowait construct WHAT (FLAGS: GOMP_target_enter_exit_
   data's).  */
static ompt_target_t
ompt_nowait_kind (enum gt_task_kind what, unsigned flags)
{
  switch (what)
    {
    case GT_TASK_REGION:
      return ompt_target_nowait;
    case GT_TASK_UPDATE:
      return ompt_target_update_nowait;
    default:
      return (flags & GT_TARGET_FLAG_EXIT_DATA)
	     ? ompt_target_exit_data_nowait : ompt_target_enter_data_nowait;
    }
}

/* ---- Constructs the encountering thread does not wait for.  ----

   A nowait construct is queued in full at once: its copies, its launch,
   and the end of its mapping with the copies back, each behind the one
   before; the references it held are dropped as it is queued, so that
   the table describes what the device will hold once the queue gets
   there.  A key whose count goes to 0 and which is copied back whole
   stays in the table, closing, until its copy back is done: a construct
   that maps it meanwhile takes it up again and shares the device copy --
   what the copy back is copying -- instead of reading host memory that is
   about to be written (OpenMP's reference counts make two constructs
   that are not ordered share the device copy).  A closing key of which
   nobody took hold leaves the table when its construct is complete.  */

/* Tokens of completion notices: a struct gt_queued's address with this in
   its low bits; a transfer's with GT_TOKEN_XFER (transfer.h); a token
   with neither is a native event.  */
#define TOKEN_QUEUED 1

/* Bits of gt_queued.state.  */
#define Q_FINISHED 1		/* The final event has completed.  */
#define Q_EVENT_KNOWN 2		/* EVENT is set.  */

struct gt_queued
{
  struct gt_device *dev;
  struct gt_construct c;	/* A region's items, until it is complete.  */
  tgt_event_t final;		/* The completion of all its work.  */
  void *event;			/* The native task's event, once known.  */
  int state;			/* Q_*, atomic.  */
  bool rev;			/* Its region is among the device's running
				   ones (gt_running_add_locked).  */
  /* GOMPTARGET_SUMMARY: the region's host function and when it was
     queued (0: not recorded).  */
  void (*profile_fn) (void *);
  uint64_t profile_t0;
  /* The construct for an OMPT tool; OMPT_ON: begun, to be ended.  */
  struct gt_ompt_target ompt;
  bool ompt_on;
  struct gt_xfer *x;		/* Its transfer, given back once it is
				   complete (gt_xfer_finish), or NULL.  */
  struct gt_queued *next;	/* Free list.  */
};

static gt_mutex_t queued_lock = GT_MUTEX_INITIALIZER;
GT_FORK_LOCK (queued_lock);
static struct gt_queued *free_queued;

static struct gt_queued *
queued_new (struct gt_device *dev)
{
  struct gt_queued *q;

  gt_lock (&queued_lock);
  q = free_queued;
  if (q != NULL)
    free_queued = q->next;
  gt_unlock (&queued_lock);
  if (q == NULL)
    q = gt_calloc (1, sizeof *q);
  q->dev = dev;
  q->c.dev = dev;
  q->c.nitems = 0;
  q->c.npinned = 0;
  q->c.pin = true;
  q->c.hold = false;
  q->c.private_block = NULL;
  q->final = NULL;
  q->event = NULL;
  q->state = 0;
  q->rev = false;
  q->x = NULL;
  return q;
}

static void
queued_free (struct gt_queued *q)
{
  gt_lock (&queued_lock);
  q->next = free_queued;
  free_queued = q;
  gt_unlock (&queued_lock);
}

/* All of Q's work has run: take its closing keys out of the table.  */
static void
finished (struct gt_queued *q)
{
  struct gt_block *dead = NULL;
  bool rev = q->rev;

  if (q->x != NULL)
    {
      gt_xfer_release (q->x);
      q->x = NULL;
    }
  if (GT_UNLIKELY (q->profile_t0))
    {
      if (q->profile_fn != NULL)
	gt_profile_region_done ((const void *) q->profile_fn,
				q->profile_t0);
      q->profile_t0 = 0;
      if (q->ompt_on)
	gt_ompt_target_end_detached (&q->ompt);
    }
  q->rev = false;
  if (q->c.npinned == 0 && !rev)
    {
      q->c.nitems = 0;
      return;
    }
  /* One lock for both, as gt_close_construct.  */
  gt_device_lock (q->dev);
  if (rev)
    gt_running_remove_locked (q->dev, &q->c);
  if (q->c.npinned != 0)
    gt_close_keys_locked (&q->c, q, &dead);
  else
    q->c.nitems = 0;
  gt_device_unlock (q->dev);
  gt_free_later (q->dev, dead);
}

/* What a completion notice reports (gt_dev_async_notify).  */
static void
work_done (void *token)
{
  uintptr_t v = (uintptr_t) token;
  struct gt_queued *q = (struct gt_queued *) (v & ~(uintptr_t) TOKEN_QUEUED);

  if (v & GT_TOKEN_XFER)
    {
      gt_xfer_release ((struct gt_xfer *) (v & ~(uintptr_t) GT_TOKEN_XFER));
      return;
    }
  if (!(v & TOKEN_QUEUED))
    {
      omp_fulfill_event ((omp_event_handle_t) v);
      return;
    }
  finished (q);
  /* Report it to the native runtime if its event is known, else
     gt_queued_complete will.  */
  if (__atomic_fetch_or (&q->state, Q_FINISHED, __ATOMIC_ACQ_REL)
      & Q_EVENT_KNOWN)
    {
      omp_fulfill_event ((omp_event_handle_t) (uintptr_t) q->event);
      queued_free (q);
    }
}

static void __attribute__ ((constructor))
register_work_done (void)
{
  gt_dev_on_work_done (work_done);
}

struct gt_queued *
gt_queue_target_construct (enum gt_task_kind what, struct gt_device *dev,
			   void (*fn) (void *), size_t mapnum,
			   void **hostaddrs, size_t *sizes,
			   unsigned short *kinds, unsigned flags,
			   void **args, int ndeps, tgt_event_t *deps,
			   bool callbacks)
{
  uint64_t t0 = gt_profile_start ();
  struct gt_queued *q;
  struct gt_xfer *x;
  void *entry = NULL;
  int num_teams = 0, thread_limit = 0;

  if (what == GT_TASK_REGION)
    {
      entry = gt_device_entry (dev, fn);
      if (GT_UNLIKELY (entry == NULL))
	{
	  if (GT_UNLIKELY (t0) && gt_ompt_active ())
	    {
	      struct gt_ompt_target ot;
	      gt_ompt_target_begin (&ot, ompt_target_nowait, dev->id, NULL);
	      region_without_code (dev, fn, hostaddrs, args);
	      gt_ompt_target_end (&ot);
	    }
	  else
	    region_without_code (dev, fn, hostaddrs, args);
	  return NULL;
	}
    }
  q = queued_new (dev);
  q->profile_t0 = t0;
  q->profile_fn = what == GT_TASK_REGION ? fn : NULL;
  q->ompt_on = GT_UNLIKELY (t0) && gt_ompt_active ();
  if (q->ompt_on)
    gt_ompt_target_begin (&q->ompt, ompt_nowait_kind (what, flags), dev->id,
			  NULL);
  /* Host memory is read when the queue gets there if earlier work may
     still write it.  */
  x = gt_xfer_new (dev, ndeps, deps, ndeps > 0);
  switch (what)
    {
    case GT_TASK_REGION:
      parse_target_args (args, &num_teams, &thread_limit);
      gt_device_launch_icvs (dev, &num_teams, &thread_limit);
      launch_region (x, &q->c, fn, entry, mapnum, hostaddrs, sizes, kinds,
		     true, num_teams, thread_limit);
      gt_device_lock (dev);
      if (gt_rev_possible ())
	{
	  gt_running_add_locked (dev, &q->c);
	  q->rev = true;
	}
      gt_unmap_vars_locked (x, &q->c, q);
      gt_map_dump_maybe_locked (dev, "exit", (const void *) fn);
      gt_device_unlock (dev);
      break;
    case GT_TASK_UPDATE:
      queue_update (x, mapnum, hostaddrs, sizes, kinds, true);
      break;
    case GT_TASK_ENTER_EXIT_DATA:
      queue_enter_exit_data (x, &q->c, mapnum, hostaddrs, sizes, kinds,
			     flags);
      break;
    }
  q->final = gt_xfer_finish (x, &q->x);
  /* Its end is reported where its completion is seen (finished).  */
  if (q->ompt_on)
    gt_ompt_target_detach (&q->ompt);
  if (callbacks)
    gt_dev_async_notify (dev, q->final,
			 (void *) ((uintptr_t) q | TOKEN_QUEUED));
  if (GT_UNLIKELY (t0) && what == GT_TASK_REGION)
    gt_profile_region (dev->id, (const void *) fn, num_teams, thread_limit,
		       mapnum, true, t0);
  return q;
}

tgt_event_t
gt_queued_event (struct gt_queued *q)
{
  return q->final;
}

void
gt_queued_complete (struct gt_queued *q, void *event)
{
  q->event = event;
  if (__atomic_fetch_or (&q->state, Q_EVENT_KNOWN, __ATOMIC_ACQ_REL)
      & Q_FINISHED)
    {
      omp_fulfill_event ((omp_event_handle_t) (uintptr_t) event);
      queued_free (q);
    }
}

void
gt_queued_complete_now (struct gt_queued *q, void *event)
{
  if (!gt_dev_wait (q->dev, q->final))
    gt_fatal ("device %d: the work of a target task failed", q->dev->id);
  /* The notice may come a moment after the wait (from the thread that
     saw the work complete): it must not fulfil EVENT after we return.  */
  while (!(__atomic_load_n (&q->state, __ATOMIC_ACQUIRE) & Q_FINISHED))
    sched_yield ();
  gt_queued_complete (q, event);
}

void
gt_queued_done (struct gt_queued *q)
{
  finished (q);
  queued_free (q);
}

void
gt_queued_wait (struct gt_queued *q)
{
  if (!gt_dev_wait (q->dev, q->final))
    gt_fatal ("device %d: the work of a target task failed", q->dev->id);
  gt_queued_done (q);
}

static void
run_target_task (enum gt_task_kind what, int device, void (*fn) (void *),
		 size_t mapnum, void **hostaddrs, size_t *sizes,
		 unsigned short *kinds, unsigned flags, void **args)
{
  switch (what)
    {
    case GT_TASK_REGION:
      gt_target_region (device, fn, mapnum, hostaddrs, sizes, kinds, true,
			args);
      break;
    case GT_TASK_UPDATE:
      gt_target_update (device, mapnum, hostaddrs, sizes, kinds, true);
      break;
    case GT_TASK_ENTER_EXIT_DATA:
      gt_target_enter_exit_data (device, mapnum, hostaddrs, sizes, kinds,
				 flags);
      break;
    }
}

void
gt_run_target_task (enum gt_task_kind what, int device,
		    void (*fn) (void *), size_t mapnum, void **hostaddrs,
		    size_t *sizes, unsigned short *kinds, unsigned flags,
		    void **args)
{
  if (gt_ompt_active ())
    {
      struct gt_ompt_target ot;

      gt_ompt_target_begin (&ot, ompt_nowait_kind (what, flags),
			    gt_ompt_device_of (device), NULL);
      run_target_task (what, device, fn, mapnum, hostaddrs, sizes, kinds,
		       flags, args);
      gt_ompt_target_end (&ot);
    }
  else
    run_target_task (what, device, fn, mapnum, hostaddrs, sizes, kinds,
		     flags, args);
}
