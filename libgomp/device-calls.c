/* device-calls.c -- every call of the front end into a plugin, in one
   layer: the checks of what each call returns, the GOMP_DEBUG trace of
   the copies, and the fatal errors of the calls the mapping tables make.

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

#include "device-calls.h"
#include "plugin-binding.h"
#include "profile.h"
#include "ompt.h"

#include <omp.h>
#include <string.h>

int32_t
gt_plugin_number_of_devices (struct gt_plugin *plugin)
{
  return plugin->number_of_devices ();
}

uint64_t
gt_plugin_init_requires (struct gt_plugin *plugin, uint64_t flags)
{
  return plugin->init_requires
	 ? (uint64_t) plugin->init_requires ((int64_t) flags) : 0;
}

uint32_t
gt_plugin_capabilities (struct gt_plugin *plugin)
{
  return plugin->get_capabilities ? plugin->get_capabilities () : 0;
}

/* What a completion notice reports, registered from above
   (gt_dev_on_work_done).  */
static void (*work_done) (void *token);

void
gt_dev_on_work_done (void (*fn) (void *token))
{
  work_done = fn;
}

/* The plugins' completion callback: the work a token was given for is
   done.  */
static void
completion_callback (tgt_sync_event_t token)
{
  work_done (token);
}

bool
gt_plugin_init_async (struct gt_plugin *plugin)
{
  /* The asynchronous interface is used only when it is complete.  */
  bool async = plugin->async_data_submit && plugin->async_data_retrieve
	       && plugin->async_run_target_team_region
	       && plugin->async_host_call && plugin->async_notify
	       && plugin->synchronize && plugin->init_dep;
  if (async)
    plugin->init_dep (completion_callback);
  return async;
}

bool
gt_dev_init (struct gt_device *dev)
{
  if (dev->plugin->set_device_number)
    dev->plugin->set_device_number (dev->local_id, dev->id);
  return dev->plugin->init_device (dev->local_id) == 0;
}

void
gt_dev_deinit (struct gt_device *dev)
{
  if (dev->plugin->deinit_device
      && dev->plugin->deinit_device (dev->local_id) != 0)
    gt_debug ("device %d: tearing it down failed", dev->id);
}

bool
gt_dev_accepts_image (struct gt_device *dev, __tgt_device_image *image)
{
  return dev->plugin->is_valid_binary (image) != 0;
}

bool
gt_dev_info (struct gt_device *dev, char *buf, size_t size)
{
  buf[0] = '\0';
  return (dev->plugin->device_info != NULL
	  && dev->plugin->device_info (dev->local_id, buf, (int32_t) size)
	     == GT_RTL_SUCCESS);
}

bool
gt_dev_image_info (struct gt_device *dev, __tgt_device_image *image,
		   char *buf, size_t size)
{
  buf[0] = '\0';
  return (dev->plugin->image_info != NULL
	  && dev->plugin->image_info (image, buf, (int32_t) size)
	     == GT_RTL_SUCCESS);
}

__tgt_target_table *
gt_dev_load_image (struct gt_device *dev, __tgt_device_image *image)
{
  return dev->plugin->load_binary (dev->local_id, image);
}

bool
gt_dev_rev_fn_table (struct gt_device *dev, __tgt_device_image *image,
		     const uint64_t **table, size_t *count)
{
  int32_t n = 0;

  *table = NULL;
  *count = 0;
  if (dev->plugin->rev_fn_table == NULL)
    return true;
  if (dev->plugin->rev_fn_table (dev->local_id, image, table, &n) != 0)
    return false;
  if (n <= 0 || *table == NULL)
    {
      *table = NULL;
      return true;
    }
  *count = (size_t) n;
  return true;
}

bool
gt_dev_unload_image (struct gt_device *dev, __tgt_device_image *image)
{
  return dev->plugin->unload_binary
	 && dev->plugin->unload_binary (dev->local_id, image) == 0;
}

/* A data operation for an OMPT tool (ompt.h), in the profiler's places:
   only when T0, the start of its record, is nonzero.  */
static inline void
ompt_op (uint64_t t0, ompt_scope_endpoint_t endpoint, ompt_id_t *id,
	 ompt_target_data_op_t optype, const void *src, int src_device,
	 const void *dest, int dest_device, size_t bytes)
{
  if (GT_UNLIKELY (t0) && gt_ompt_active ())
    gt_ompt_data_op (endpoint, id, optype, (void *) src, src_device,
		     (void *) dest, dest_device, bytes);
}

/* The number of teams a launch asks for, for an OMPT tool: 0 when it
   asks for none.  */
static inline unsigned int
ompt_teams (int num_teams)
{
  return num_teams > 0 ? (unsigned int) num_teams : 0;
}

static inline bool
run_region (struct gt_device *dev, void *entry, void **vars, size_t mapnum,
	    int num_teams, int thread_limit)
{
  return dev->plugin->run_target_team_region (dev->local_id, entry, vars,
					      NULL, (int32_t) mapnum,
					      num_teams, thread_limit, 0) == 0;
}

/* A launch that an OMPT tool sees: out of line, so that the launch
   without one stays a tail call.  */
static bool __attribute__ ((noinline))
run_region_ompt (struct gt_device *dev, void *entry, void **vars,
		 size_t mapnum, int num_teams, int thread_limit)
{
  ompt_id_t op;
  bool ok;

  gt_ompt_submit (ompt_scope_begin, &op, ompt_teams (num_teams));
  ok = run_region (dev, entry, vars, mapnum, num_teams, thread_limit);
  gt_ompt_submit (ompt_scope_end, &op, ompt_teams (num_teams));
  return ok;
}

bool
gt_dev_run_region (struct gt_device *dev, void *entry, void **vars,
		   size_t mapnum, int num_teams, int thread_limit)
{
  if (gt_ompt_active ())
    return run_region_ompt (dev, entry, vars, mapnum, num_teams,
			    thread_limit);
  return run_region (dev, entry, vars, mapnum, num_teams, thread_limit);
}

void *
gt_dev_alloc (struct gt_device *dev, size_t size, void *host)
{
  uint64_t t0 = gt_profile_start ();
  ompt_id_t op;
  ompt_op (t0, ompt_scope_begin, &op, ompt_target_data_alloc, host,
	   gt_ompt_host, NULL, dev->id, size);
  void *p = dev->plugin->data_alloc (dev->local_id, (int64_t) size, host);
  if (GT_UNLIKELY (t0))
    gt_profile_alloc (dev->id, p, size, t0);
  ompt_op (t0, ompt_scope_end, &op, ompt_target_data_alloc, host,
	   gt_ompt_host, p, dev->id, size);
  if (p == NULL)
    gt_fatal ("device %d: allocating %zu bytes of device memory failed",
	      dev->id, size);
  return p;
}

void
gt_dev_free (struct gt_device *dev, void *ptr)
{
  uint64_t t0 = gt_profile_start ();
  ompt_id_t op;
  int32_t err;

  ompt_op (t0, ompt_scope_begin, &op, ompt_target_data_delete, ptr,
	   dev->id, NULL, dev->id, 0);
  err = dev->plugin->data_delete (dev->local_id, ptr);
  if (GT_UNLIKELY (t0))
    gt_profile_free (dev->id, ptr, t0);
  ompt_op (t0, ompt_scope_end, &op, ompt_target_data_delete, ptr, dev->id,
	   NULL, dev->id, 0);
  if (err != 0)
    gt_fatal ("device %d: freeing device memory at %p failed", dev->id,
	      ptr);
}

/* May a synchronous copy between DST and SRC on DEV be the front end's
   memcpy?  On a device whose memory the host addresses
   (GT_CAP_HOST_MEMORY), when no profile and no OMPT tool record it
   (they see the plugin's copy, as before) and neither address is NULL
   (the plugin's check, and its message, stay).  */
static inline bool
host_memcpy_p (const struct gt_device *dev, const void *dst,
	       const void *src)
{
  return (dev->caps & GT_CAP_HOST_MEMORY) && !GT_UNLIKELY (gt_profile_on)
	 && dst != NULL && src != NULL;
}

static bool
try_copy_to (struct gt_device *dev, void *dst, const void *src, size_t size)
{
  uint64_t t0 = gt_profile_start ();
  ompt_id_t op;
  bool ok;

  if (host_memcpy_p (dev, dst, src))
    {
      memcpy (dst, src, size);
      return true;
    }
  ompt_op (t0, ompt_scope_begin, &op, ompt_target_data_transfer_to_device,
	   src, gt_ompt_host, dst, dev->id, size);
  ok = dev->plugin->data_submit (dev->local_id, dst, (void *) src,
				 (int64_t) size) == 0;
  if (GT_UNLIKELY (t0) && ok)
    gt_profile_copy (dev->id, GT_PROFILE_TO, size, false, 0, t0);
  ompt_op (t0, ompt_scope_end, &op, ompt_target_data_transfer_to_device,
	   src, gt_ompt_host, dst, dev->id, size);
  return ok;
}

static bool
try_copy_from (struct gt_device *dev, void *dst, const void *src,
	       size_t size)
{
  uint64_t t0 = gt_profile_start ();
  ompt_id_t op;
  bool ok;

  if (host_memcpy_p (dev, dst, src))
    {
      memcpy (dst, src, size);
      return true;
    }
  ompt_op (t0, ompt_scope_begin, &op, ompt_target_data_transfer_from_device,
	   src, dev->id, dst, gt_ompt_host, size);
  ok = dev->plugin->data_retrieve (dev->local_id, dst, (void *) src,
				   (int64_t) size) == 0;
  if (GT_UNLIKELY (t0) && ok)
    gt_profile_copy (dev->id, GT_PROFILE_FROM, size, false, 0, t0);
  ompt_op (t0, ompt_scope_end, &op, ompt_target_data_transfer_from_device,
	   src, dev->id, dst, gt_ompt_host, size);
  return ok;
}

bool
gt_dev_try_copy_to (struct gt_device *dev, void *dst, const void *src,
		    size_t size)
{
  return try_copy_to (dev, dst, src, size);
}

bool
gt_dev_try_copy_from (struct gt_device *dev, void *dst, const void *src,
		      size_t size)
{
  return try_copy_from (dev, dst, src, size);
}

/* gt_copy_to_dev and gt_copy_from_dev beyond a plain memcpy: the trace
   line, the plugin's copy, a failure.  Out of line, so that the memcpy
   needs no frame.  */
static void __attribute__ ((noinline))
copy_to_dev (struct gt_device *dev, void *dst, const void *src, size_t size)
{
  gt_debug ("copy to device %d: %zu bytes %p -> %p", dev->id, size, src,
	    dst);
  if (GT_UNLIKELY (!try_copy_to (dev, dst, src, size)))
    gt_fatal ("device %d: copying %zu bytes to the device failed", dev->id,
	      size);
}

static void __attribute__ ((noinline))
copy_from_dev (struct gt_device *dev, void *dst, const void *src,
	       size_t size)
{
  gt_debug ("copy from device %d: %zu bytes %p -> %p", dev->id, size, src,
	    dst);
  if (GT_UNLIKELY (!try_copy_from (dev, dst, src, size)))
    gt_fatal ("device %d: copying %zu bytes from the device failed",
	      dev->id, size);
}

/* Copy SIZE bytes from SRC to DST, between the host and DEV, when that
   is a plain memcpy (host_memcpy_p, no trace line): true if done.  */
static inline bool
copied_plainly (struct gt_device *dev, void *dst, const void *src,
		size_t size)
{
  if (size == 0)
    return true;
  if (GT_UNLIKELY (gt_debug_level) || !host_memcpy_p (dev, dst, src))
    return false;
  memcpy (dst, src, size);
  return true;
}

void
gt_copy_to_dev (struct gt_device *dev, void *dst, const void *src,
		size_t size)
{
  if (!copied_plainly (dev, dst, src, size))
    copy_to_dev (dev, dst, src, size);
}

void
gt_copy_from_dev (struct gt_device *dev, void *dst, const void *src,
		  size_t size)
{
  if (!copied_plainly (dev, dst, src, size))
    copy_from_dev (dev, dst, src, size);
}

void *
gt_dev_try_alloc (struct gt_device *dev, size_t size)
{
  uint64_t t0 = gt_profile_start ();
  ompt_id_t op;
  void *p;

  ompt_op (t0, ompt_scope_begin, &op, ompt_target_data_alloc, NULL,
	   gt_ompt_host, NULL, dev->id, size);
  p = dev->plugin->data_alloc (dev->local_id, (int64_t) size, NULL);
  if (GT_UNLIKELY (t0))
    gt_profile_alloc (dev->id, p, size, t0);
  ompt_op (t0, ompt_scope_end, &op, ompt_target_data_alloc, NULL,
	   gt_ompt_host, p, dev->id, size);
  return p;
}

bool
gt_dev_can_exchange (struct gt_device *dst_dev, struct gt_device *src_dev)
{
  struct gt_plugin *p = src_dev->plugin;

  return dst_dev->plugin == p && p->data_exchange != NULL
	 && (p->is_data_exchangable == NULL
	     || p->is_data_exchangable (src_dev->local_id, dst_dev->local_id));
}

bool
gt_dev_try_exchange (struct gt_device *dst_dev, void *dst,
		     struct gt_device *src_dev, const void *src, size_t size)
{
  uint64_t t0 = gt_profile_start ();
  ompt_id_t op;
  bool ok;

  ompt_op (t0, ompt_scope_begin, &op, ompt_target_data_transfer_to_device,
	   src, src_dev->id, dst, dst_dev->id, size);
  ok = src_dev->plugin->data_exchange (src_dev->local_id, (void *) src,
				       dst_dev->local_id, dst,
				       (int64_t) size) == 0;
  if (GT_UNLIKELY (t0) && ok)
    gt_profile_copy (dst_dev->id, GT_PROFILE_EXCHANGE, size, false, 0, t0);
  ompt_op (t0, ompt_scope_end, &op, ompt_target_data_transfer_to_device,
	   src, src_dev->id, dst, dst_dev->id, size);
  return ok;
}

bool
gt_dev_try_copy_rect (struct gt_device *dst_dev, struct gt_device *src_dev,
		      const gt_rect_copy *r)
{
  struct gt_plugin *p = (dst_dev ? dst_dev : src_dev)->plugin;

  if (p->data_copy_rect == NULL
      || (dst_dev && src_dev && dst_dev->plugin != src_dev->plugin))
    return false;
  return p->data_copy_rect (dst_dev ? dst_dev->local_id : -1,
			    src_dev ? src_dev->local_id : -1, r) == 0;
}

/* ---- The asynchronous interface.  Queueing fails only on a broken
   device: fatal.  ---- */

static void
enqueue_failed (struct gt_device *dev, const char *what)
{
  gt_fatal ("device %d: queueing %s failed", dev->id, what);
}

tgt_event_t
gt_dev_async_to (struct gt_device *dev, void *dst, const void *src,
		 size_t size, int ndeps, tgt_event_t *deps)
{
  uint64_t t0 = gt_profile_start ();
  ompt_id_t op;
  tgt_event_t ev;

  gt_debug ("copy to device %d: %zu bytes %p -> %p", dev->id, size, src,
	    dst);
  ompt_op (t0, ompt_scope_begin, &op, ompt_target_data_transfer_to_device,
	   src, gt_ompt_host, dst, dev->id, size);
  if (dev->plugin->async_data_submit (dev->local_id, dst, (void *) src,
				      (int64_t) size, ndeps, deps, &ev) != 0)
    enqueue_failed (dev, "a copy to the device");
  if (GT_UNLIKELY (t0))
    {
      gt_profile_copy (dev->id, GT_PROFILE_TO, size, true,
		       (uint64_t) (uintptr_t) ev, t0);
      if (gt_ompt_active ())
	gt_ompt_queued ((uint64_t) (uintptr_t) ev);
    }
  ompt_op (t0, ompt_scope_end, &op, ompt_target_data_transfer_to_device,
	   src, gt_ompt_host, dst, dev->id, size);
  return ev;
}

tgt_event_t
gt_dev_async_from (struct gt_device *dev, void *dst, const void *src,
		   size_t size, int ndeps, tgt_event_t *deps)
{
  uint64_t t0 = gt_profile_start ();
  ompt_id_t op;
  tgt_event_t ev;

  gt_debug ("copy from device %d: %zu bytes %p -> %p", dev->id, size, src,
	    dst);
  ompt_op (t0, ompt_scope_begin, &op, ompt_target_data_transfer_from_device,
	   src, dev->id, dst, gt_ompt_host, size);
  if (dev->plugin->async_data_retrieve (dev->local_id, dst, (void *) src,
					(int64_t) size, ndeps, deps,
					&ev) != 0)
    enqueue_failed (dev, "a copy from the device");
  if (GT_UNLIKELY (t0))
    {
      gt_profile_copy (dev->id, GT_PROFILE_FROM, size, true,
		       (uint64_t) (uintptr_t) ev, t0);
      if (gt_ompt_active ())
	gt_ompt_queued ((uint64_t) (uintptr_t) ev);
    }
  ompt_op (t0, ompt_scope_end, &op, ompt_target_data_transfer_from_device,
	   src, dev->id, dst, gt_ompt_host, size);
  return ev;
}

void
gt_region_failed (struct gt_device *dev, const char *doing,
		  const void *entry)
{
  const void *fn = gt_device_entry_fn (dev, entry);

  if (fn == NULL)
    gt_fatal ("device %d: %s target region %p failed", dev->id, doing,
	      entry);
  gt_fatal ("device %d: %s target region %s (entry %p) failed", dev->id,
	    doing, gt_profile_fn_name (fn), entry);
}

tgt_event_t
gt_dev_async_run (struct gt_device *dev, void *entry, void **vars,
		  size_t mapnum, int num_teams, int thread_limit,
		  bool caller_waits, int ndeps, tgt_event_t *deps)
{
  struct gt_plugin *plugin = dev->plugin;
  uint64_t t0 = gt_profile_start ();
  ompt_id_t op;
  tgt_event_t ev;
  int32_t err;

  if (GT_UNLIKELY (t0) && gt_ompt_active ())
    gt_ompt_submit (ompt_scope_begin, &op, ompt_teams (num_teams));
  if (plugin->async_launch)
    err = plugin->async_launch (dev->local_id, entry, vars, (int32_t) mapnum,
				num_teams, thread_limit,
				caller_waits ? GT_LAUNCH_CALLER_WAITS : 0,
				ndeps, deps, &ev);
  else
    err = plugin->async_run_target_team_region (dev->local_id, entry, vars,
						(int32_t) mapnum, num_teams,
						thread_limit, ndeps, deps,
						&ev);
  if (err != 0)
    gt_region_failed (dev, "queueing", entry);
  if (GT_UNLIKELY (t0))
    {
      gt_profile_queued (dev->id, GT_PROFILE_OP_LAUNCH,
			 (uint64_t) (uintptr_t) ev, t0);
      if (gt_ompt_active ())
	{
	  gt_ompt_queued ((uint64_t) (uintptr_t) ev);
	  gt_ompt_submit (ompt_scope_end, &op, ompt_teams (num_teams));
	}
    }
  return ev;
}

void
gt_dev_run_waited (struct gt_device *dev, void *entry, int num_teams,
		   int thread_limit)
{
  struct gt_plugin *plugin = dev->plugin;
  tgt_event_t ev;

  /* What a tool or the profiler sees of the launch and of the wait:
     gt_dev_async_run's and gt_dev_wait's.  */
  if (GT_UNLIKELY (plugin->async_launch == NULL || gt_profile_on
		   || gt_ompt_active ()))
    ev = gt_dev_async_run (dev, entry, NULL, 0, num_teams, thread_limit,
			   true, 0, NULL);
  else if (plugin->async_launch (dev->local_id, entry, NULL, 0, num_teams,
				 thread_limit,
				 GT_LAUNCH_CALLER_WAITS | GT_LAUNCH_WAIT_HERE,
				 0, NULL, &ev) != 0)
    gt_region_failed (dev, "queueing", entry);
  /* NULL: it ran, and succeeded.  */
  if (ev != NULL && !gt_dev_wait (dev, ev))
    gt_region_failed (dev, "running", entry);
}

tgt_event_t
gt_dev_async_call (struct gt_device *dev, void (*fn) (void *), void *arg,
		   int ndeps, tgt_event_t *deps)
{
  uint64_t t0 = gt_profile_start ();
  tgt_event_t ev;

  if (dev->plugin->async_host_call (dev->local_id, fn, arg, ndeps, deps,
				    &ev) != 0)
    enqueue_failed (dev, "a host call");
  if (GT_UNLIKELY (t0))
    gt_profile_queued (dev->id, GT_PROFILE_OP_HOST_CALL,
		       (uint64_t) (uintptr_t) ev, t0);
  return ev;
}

void
gt_dev_async_notify (struct gt_device *dev, tgt_event_t ev, void *token)
{
  if (dev->plugin->async_notify (dev->local_id, ev, token) != 0)
    enqueue_failed (dev, "a completion notice");
}

bool
gt_dev_wait (struct gt_device *dev, tgt_event_t ev)
{
  uint64_t t0 = gt_profile_start ();
  bool ok = dev->plugin->synchronize (dev->local_id, ev) == 0;

  if (GT_UNLIKELY (t0))
    gt_profile_wait (dev->id, t0);
  return ok;
}

bool
gt_dev_done (struct gt_device *dev, tgt_event_t ev)
{
  return dev->plugin->query_event != NULL
	 && dev->plugin->query_event (dev->local_id, ev) == 0;
}

bool
gt_dev_busy (struct gt_device *dev)
{
  return dev->plugin->query_event != NULL
	 && dev->plugin->query_event (dev->local_id, NULL) == 1;
}

bool
gt_dev_can_order (struct gt_device *dev, tgt_event_t ev)
{
  return dev->plugin->enforce_dep != NULL
	 && dev->plugin->enforce_dep (dev->local_id, dev->local_id, ev) == 0;
}

tgt_event_t
gt_dev_async_join (struct gt_device *dev, int ndeps, tgt_event_t *deps)
{
  tgt_event_t ev;

  if (dev->plugin->async_dep == NULL
      || dev->plugin->async_dep (dev->local_id, ndeps, deps, &ev) != 0)
    enqueue_failed (dev, "a join of events");
  return ev;
}
