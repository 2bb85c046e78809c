/* device-calls.h -- every call of the front end into a plugin, checked, in
   one layer (device-calls.c): nothing else calls a plugin.

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

#ifndef GT_DEVICE_CALLS_H
#define GT_DEVICE_CALLS_H

#include "devices.h"

/* ---- Calls on a plugin while it is loaded (plugin-loader.c).  ---- */

/* The number of devices of PLUGIN.  */
int32_t gt_plugin_number_of_devices (struct gt_plugin *plugin) GT_HIDDEN;

/* Tell PLUGIN the program's requirements FLAGS; the bits it honours (none
   when it has no init_requires).  */
uint64_t gt_plugin_init_requires (struct gt_plugin *plugin, uint64_t flags)
  GT_HIDDEN;

/* PLUGIN's GT_CAP_* bits (0 when it does not say).  */
uint32_t gt_plugin_capabilities (struct gt_plugin *plugin) GT_HIDDEN;

/* Does PLUGIN have the whole asynchronous interface?  If so, give it the
   completion callback, which fulfils native tasks' events.  */
bool gt_plugin_init_async (struct gt_plugin *plugin) GT_HIDDEN;

/* ---- Initialising a device (device-lifecycle.c); failures are
   returned.  ---- */

/* Initialise DEV; false when it cannot be used.  */
bool gt_dev_init (struct gt_device *dev) GT_HIDDEN;

/* Finish DEV's work, unload its images and free its memory.  */
void gt_dev_deinit (struct gt_device *dev) GT_HIDDEN;

/* Does DEV's plugin accept IMAGE?  */
bool gt_dev_accepts_image (struct gt_device *dev, __tgt_device_image *image)
  GT_HIDDEN;

/* For gomptarget-info: DEV's properties, and IMAGE's when it is of the
   kind of DEV's plugin, as lines "PROPERTY: VALUE" in BUF of SIZE bytes;
   false (BUF empty) when the plugin does not say.  */
bool gt_dev_info (struct gt_device *dev, char *buf, size_t size) GT_HIDDEN;
bool gt_dev_image_info (struct gt_device *dev, __tgt_device_image *image,
			char *buf, size_t size) GT_HIDDEN;

/* Load IMAGE on DEV: its table of entries, or NULL on failure.  */
__tgt_target_table *gt_dev_load_image (struct gt_device *dev,
				       __tgt_device_image *image) GT_HIDDEN;

/* The reverse-offload table of IMAGE, which DEV loaded (rev_fn_table):
   false when the plugin failed; *COUNT 0 when there is none.  */
bool gt_dev_rev_fn_table (struct gt_device *dev, __tgt_device_image *image,
			  const uint64_t **table, size_t *count) GT_HIDDEN;

/* Unload IMAGE, which DEV loaded; false when the plugin cannot (a plugin
   without unload_binary keeps it until the device is finished).  */
bool gt_dev_unload_image (struct gt_device *dev, __tgt_device_image *image)
  GT_HIDDEN;

/* ---- Launching a region (target.c, shared-mem.c).  ---- */

/* Run ENTRY on DEV with the MAPNUM device values VARS; false on failure.
   The caller reports it: a region on a device that runs host code is
   launched from its initial thread, not from the thread that waits.  */
bool gt_dev_run_region (struct gt_device *dev, void *entry, void **vars,
			size_t mapnum, int num_teams, int thread_limit)
  GT_HIDDEN;

/* ---- Memory for mappings: failures are fatal, the device being in an
   unknown state.  ---- */

void *gt_dev_alloc (struct gt_device *dev, size_t size, void *host)
  GT_HIDDEN;
void gt_dev_free (struct gt_device *dev, void *ptr) GT_HIDDEN;
void gt_copy_to_dev (struct gt_device *dev, void *dst, const void *src,
		     size_t size) GT_HIDDEN;
void gt_copy_from_dev (struct gt_device *dev, void *dst, const void *src,
		       size_t size) GT_HIDDEN;

/* ---- Memory for the omp_target_* routines, which report failures to
   their caller: false (or NULL) on failure.  ---- */

void *gt_dev_try_alloc (struct gt_device *dev, size_t size) GT_HIDDEN;
bool gt_dev_try_copy_to (struct gt_device *dev, void *dst, const void *src,
			 size_t size) GT_HIDDEN;
bool gt_dev_try_copy_from (struct gt_device *dev, void *dst,
			   const void *src, size_t size) GT_HIDDEN;

/* Can DST_DEV and SRC_DEV copy between each other directly?  */
bool gt_dev_can_exchange (struct gt_device *dst_dev,
			  struct gt_device *src_dev) GT_HIDDEN;

/* Copy SIZE bytes from SRC on SRC_DEV to DST on DST_DEV directly.  */
bool gt_dev_try_exchange (struct gt_device *dst_dev, void *dst,
			  struct gt_device *src_dev, const void *src,
			  size_t size) GT_HIDDEN;

/* Copy the rectangle R between DST_DEV and SRC_DEV (NULL: the host) at
   once, when their plugin can (data_copy_rect); false otherwise.  */
bool gt_dev_try_copy_rect (struct gt_device *dst_dev,
			   struct gt_device *src_dev,
			   const gt_rect_copy *r) GT_HIDDEN;

/* ---- The asynchronous interface, on devices whose plugin has it
   (dev->async): each call queues an operation behind the NDEPS events DEPS
   and returns its event; queueing failures are fatal.  ---- */

tgt_event_t gt_dev_async_to (struct gt_device *dev, void *dst,
			     const void *src, size_t size, int ndeps,
			     tgt_event_t *deps) GT_HIDDEN;
tgt_event_t gt_dev_async_from (struct gt_device *dev, void *dst,
			       const void *src, size_t size, int ndeps,
			       tgt_event_t *deps) GT_HIDDEN;
tgt_event_t gt_dev_async_run (struct gt_device *dev, void *entry,
			      void **vars, size_t mapnum, int num_teams,
			      int thread_limit, bool caller_waits, int ndeps,
			      tgt_event_t *deps) GT_HIDDEN;

/* Launch ENTRY, without variables, on DEV's queues and wait for it, as
   gt_dev_async_run with CALLER_WAITS and gt_dev_wait would, with one
   call of the plugin where it can (GT_LAUNCH_WAIT_HERE).  Fatal on
   failure, as gt_region_failed.  */
void gt_dev_run_waited (struct gt_device *dev, void *entry, int num_teams,
			int thread_limit) GT_HIDDEN;

/* Fatal: DOING ("running", "queueing") the target region whose entry on
   DEV is ENTRY failed; the message names the region by its host
   function (gt_device_entry_fn).  */
void gt_region_failed (struct gt_device *dev, const char *doing,
		       const void *entry)
  __attribute__ ((noreturn, cold)) GT_HIDDEN;
tgt_event_t gt_dev_async_call (struct gt_device *dev, void (*fn) (void *),
			       void *arg, int ndeps, tgt_event_t *deps)
  GT_HIDDEN;

/* An event that completes once the NDEPS events DEPS have.  */
tgt_event_t gt_dev_async_join (struct gt_device *dev, int ndeps,
			       tgt_event_t *deps) GT_HIDDEN;

/* Report TOKEN to the function gt_dev_on_work_done registered once EV
   has completed, from any thread (a plugin's, from where the plugin must
   not be called).  */
void gt_dev_async_notify (struct gt_device *dev, tgt_event_t ev,
			  void *token) GT_HIDDEN;

/* Register FN, which a completion notice calls with its token (target.c
   registers it at startup, before any work is queued).  */
void gt_dev_on_work_done (void (*fn) (void *token)) GT_HIDDEN;

/* Wait for EV (NULL: all of DEV's work); false if it failed.  */
bool gt_dev_wait (struct gt_device *dev, tgt_event_t ev) GT_HIDDEN;
/* Has EV completed, and everything before it succeeded?  False when it
   has not, or failed, or the plugin cannot tell without waiting.  */
bool gt_dev_done (struct gt_device *dev, tgt_event_t ev) GT_HIDDEN;
/* Whether DEV has queued work that has not completed (false where its
   plugin cannot tell).  */
bool gt_dev_busy (struct gt_device *dev) GT_HIDDEN;

/* Can DEV order its own work behind EV without the host waiting?  */
bool gt_dev_can_order (struct gt_device *dev, tgt_event_t ev) GT_HIDDEN;

#endif /* GT_DEVICE_CALLS_H */
