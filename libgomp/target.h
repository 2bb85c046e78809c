/* target.h -- running target constructs: regions, target data, update
   and enter/exit data, waited for or queued on the device (target.c);
   constructs floor.  The GOMP_target* entry points (gomp-target.c) and
   the target tasks (task.c) call them.

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

#ifndef GT_TARGET_H
#define GT_TARGET_H

#include "diagnostics.h"
#include "gomptarget-plugin.h"
#include "lifecycle.h"
#include "splay-index.h"


enum gt_task_kind
{
  GT_TASK_REGION,
  GT_TASK_UPDATE,
  GT_TASK_ENTER_EXIT_DATA
};

/* Run region FN on device DEV, or on the host (gt_host_fallback), and
   wait for it.  KINDS are 16-bit if SHORT_KINDS, else 8-bit
   (GOMP_target); ARGS as GOMP_target_ext takes them (or NULL).  */
void gt_run_region (struct gt_device *dev, void (*fn) (void *),
		    size_t mapnum, void **hostaddrs, size_t *sizes,
		    const void *kinds, bool short_kinds, void **args)
  GT_HIDDEN;
void gt_host_fallback (void (*fn) (void *), void **hostaddrs, void **args)
  GT_HIDDEN;

/* The mapping index of the device of the calling thread's last target
   region (gt_run_region), or NULL.  */
extern GT_TLS const struct gt_splay_index *gt_last_region_index GT_HIDDEN;

/* A region is about to map MAPNUM items, HOSTADDRS: start loading the
   index slot of the first, most likely an object mapped before, on the
   device of the thread's last region, most likely this one's too, before
   the device is even resolved (a hint: on another device the load is
   useless, never wrong).  */
static inline void
gt_region_prefetch_early (size_t mapnum, void **hostaddrs)
{
  const struct gt_splay_index *x = gt_last_region_index;

  if (mapnum != 0 && x != NULL)
    gt_index_prefetch (x, (uintptr_t) hostaddrs[0]);
}

/* Run region FN on DEVICE, resolved: on the device, or on the host where
   it cannot run there.  Inline: the launch path.  */
static inline void
gt_target_region (int device, void (*fn) (void *), size_t mapnum,
		  void **hostaddrs, size_t *sizes, const void *kinds,
		  bool short_kinds, void **args)
{
  struct gt_device *dev = gt_resolve_device (device);

  if (dev == NULL)
    gt_host_fallback (fn, hostaddrs, args);
  else
    gt_run_region (dev, fn, mapnum, hostaddrs, sizes, kinds, short_kinds,
		   args);
}

/* Start a target data construct on this thread; gt_target_data_end ends
   the innermost one.  */
void gt_target_data_begin (int device, size_t mapnum, void **hostaddrs,
			   size_t *sizes, const void *kinds,
			   bool short_kinds) GT_HIDDEN;
void gt_target_data_end (void) GT_HIDDEN;

/* For an OMPT tool: the device number of construct argument DEVICE (the
   initial device's where the construct runs on the host), and that of
   the innermost target data construct of this thread.  */
int gt_ompt_device_of (int device) GT_HIDDEN;
int gt_target_data_device (void) GT_HIDDEN;

/* Target update, and target enter/exit data (FLAGS: GOMP_target_enter_
   exit_data's), waited for.  */
void gt_target_update (int device, size_t mapnum, void **hostaddrs,
		       size_t *sizes, const void *kinds, bool short_kinds)
  GT_HIDDEN;
void gt_target_enter_exit_data (int device, size_t mapnum, void **hostaddrs,
				size_t *sizes, unsigned short *kinds,
				unsigned int flags) GT_HIDDEN;

/* A nowait construct queued on its device (target.c).  */
struct gt_queued;

/* Queue the work of construct WHAT on DEV behind the NDEPS events DEPS,
   without waiting for it; NULL if it is done already (a region DEV has
   no code for runs on the host).  With CALLBACKS, its completion is
   followed through completion notices and reported to the native
   runtime through gt_queued_complete; else gt_queued_wait finishes it.  */
struct gt_queued *gt_queue_target_construct (enum gt_task_kind what,
					     struct gt_device *dev,
					     void (*fn) (void *),
					     size_t mapnum, void **hostaddrs,
					     size_t *sizes,
					     unsigned short *kinds,
					     unsigned flags, void **args,
					     int ndeps, tgt_event_t *deps,
					     bool callbacks) GT_HIDDEN;

/* The event of the completion of Q's work: what later work queued behind
   it on the device waits for.  */
tgt_event_t gt_queued_event (struct gt_queued *q) GT_HIDDEN;

/* Fulfil the native EVENT once Q is complete (perhaps at once).  */
void gt_queued_complete (struct gt_queued *q, void *event) GT_HIDDEN;

/* Without callbacks: finish Q on this thread, waiting for the device (a
   failure is fatal).  */
void gt_queued_wait (struct gt_queued *q) GT_HIDDEN;

/* The same for a Q whose work the device reported complete
   (gt_dev_done).  */
void gt_queued_done (struct gt_queued *q) GT_HIDDEN;

/* With callbacks: wait until Q is complete and its completion notice
   has been taken, then fulfil EVENT, all before returning.  */
void gt_queued_complete_now (struct gt_queued *q, void *event) GT_HIDDEN;

/* Run a construct as the body of a target task.  */
void gt_run_target_task (enum gt_task_kind what, int device,
			 void (*fn) (void *), size_t mapnum, void **hostaddrs,
			 size_t *sizes, unsigned short *kinds, unsigned flags,
			 void **args) GT_HIDDEN;

#endif /* GT_TARGET_H */
