/* rtl.c -- the __tgt_rtl_* entry points of every plugin, written once on
   top of the vendor callbacks (plugin-core.h): devices are probed once,
   ids checked, devices initialised and torn down, and every copy and
   launch goes through the queues of queue-*.c -- a synchronous entry point
   is an asynchronous one followed by a wait.

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
#include "gt-valgrind.h"

#include <stdlib.h>
#include <string.h>

int gtc_num_devices;
static struct gtc_device **devices;
static pthread_once_t probe_once = PTHREAD_ONCE_INIT;
static bool probed;		/* PROBE_ONCE has run.  */

static void
probe (void)
{
  int n, i;
  size_t pool_limit;

  gt_plugin_init_common (gtc_vendor.name);
  gtc_queues_init ();
  n = gtc_vendor.probe ();
  if (n <= 0)
    return;
  pool_limit = (size_t) gt_env_number ("GOMPTARGET_POOL_MB", 1024,
				       1L << 20) << 20;
  devices = calloc ((size_t) n, sizeof *devices);
  if (devices == NULL)
    {
      gt_plugin_error ("out of host memory");
      return;
    }
  for (i = 0; i < n; i++)
    {
      struct gtc_device *dev = calloc (1, gtc_vendor.device_size);
      struct gtc_queue **queues = calloc (gtc_queues_per_device (),
					  sizeof *queues);
      if (dev == NULL || queues == NULL)
	{
	  free (dev);
	  free (queues);
	  gt_plugin_error ("out of host memory");
	  n = i;
	  break;
	}
      dev->id = i;
      dev->number = -1;
      dev->queues = queues;
      pthread_mutex_init (&dev->lock, NULL);
      gtc_pool_init (&dev->pool, pool_limit);
      devices[i] = dev;
    }
  gtc_num_devices = n;
  gtc_fork_init ();
}

static void
probe_once_only (void)
{
  gt_once (&probe_once, &probed, probe);
}

static inline struct gtc_device *
device_by_id (int32_t id)
{
  probe_once_only ();
  if (GT_LIKELY (id >= 0 && id < gtc_num_devices))
    return devices[id];
  gt_plugin_error ("no device %d (this plugin has %d)", (int) id,
		   gtc_num_devices);
  return NULL;
}

struct gtc_device *
gtc_device (int32_t id)
{
  return device_by_id (id);
}

/* DEV by ID, initialised; NULL with a message otherwise.  */
static inline struct gtc_device *
ready_device (int32_t id)
{
  struct gtc_device *dev = device_by_id (id);

  if (GT_UNLIKELY (dev != NULL
		   && !__atomic_load_n (&dev->ready, __ATOMIC_ACQUIRE)))
    {
      gt_plugin_error ("device %d is not initialised", (int) id);
      return NULL;
    }
  GT_ANNOTATE_HAPPENS_AFTER (&dev->ready);
  return dev;
}

/* ---- Devices and images.  ---- */

int32_t
__tgt_rtl_number_of_devices (void)
{
  probe_once_only ();
  return gtc_num_devices;
}

uint32_t
__tgt_rtl_get_capabilities (void)
{
  /* Software queues run their operations on the calling thread anyway
     (gtc_run_now).  */
  return gtc_vendor.caps
	 | (gtc_vendor.hardware_queues ? 0 : GT_CAP_RUNS_IN_PLACE);
}

int64_t
__tgt_rtl_init_requires (int64_t requires_flags)
{
  return requires_flags & (int64_t) gtc_vendor.requires_supported;
}

int32_t
__tgt_rtl_set_device_number (int32_t id, int32_t device_num)
{
  struct gtc_device *dev = gtc_device (id);

  if (dev == NULL)
    return GT_RTL_FAIL;
  dev->number = device_num;
  return GT_RTL_SUCCESS;
}

int32_t
__tgt_rtl_is_valid_binary (__tgt_device_image *image)
{
  if (gtc_vendor.target_type == -1
      || !gt_plugin_gcc_image_p (image, gtc_vendor.target_type))
    return 0;
  return gtc_vendor.image_ok == NULL
	 || gtc_vendor.image_ok (image->ImageStart);
}

int32_t
__tgt_rtl_init_device (int32_t id)
{
  struct gtc_device *dev = gtc_device (id);
  int32_t err = GT_RTL_SUCCESS;

  if (dev == NULL)
    return GT_RTL_FAIL;
  if (GT_UNLIKELY (dev->lost))
    {
      gt_plugin_debug ("device %d: not usable in this process, a child "
		       "made by fork () after its parent initialised the "
		       "%s devices", (int) id, gtc_vendor.name);
      return GT_RTL_FAIL;
    }
  /* The front end's services are looked up now, not in a fatal error's
     path.  */
  gt_services ();
  gtc_profile_init ();
  pthread_mutex_lock (&dev->lock);
  if (!dev->ready)
    {
      if (dev->number < 0)
	dev->number = id;
      gtc_profile_device_init (dev);
      if (gtc_vendor.init_device (dev) != 0)
	err = GT_RTL_FAIL;
      else
	{
	  GT_ANNOTATE_HAPPENS_BEFORE (&dev->ready);
	  __atomic_store_n (&dev->ready, true, __ATOMIC_RELEASE);
	}
    }
  pthread_mutex_unlock (&dev->lock);
  return err;
}

int32_t
__tgt_rtl_deinit_device (int32_t id)
{
  struct gtc_device *dev = gtc_device (id);
  int32_t err;

  if (dev == NULL)
    return GT_RTL_FAIL;
  if (!__atomic_load_n (&dev->ready, __ATOMIC_ACQUIRE))
    return GT_RTL_SUCCESS;
  /* A device ends the program (a fault, device code calling exit): its
     state is unknown and its work may never finish.  Left as it is.  */
  if (gtc_is_ending ())
    return GT_RTL_SUCCESS;
  /* Finish what was queued, then take everything down.  */
  err = gtc_device_wait (dev);
  gtc_device_queues_fini (dev);
  gtc_unload_all_images (dev);
  gtc_pool_fini (dev);
  pthread_mutex_lock (&dev->lock);
  if (gtc_vendor.fini_device)
    gtc_vendor.fini_device (dev);
  __atomic_store_n (&dev->ready, false, __ATOMIC_RELEASE);
  pthread_mutex_unlock (&dev->lock);
  gt_plugin_debug ("device %d: finished", (int) dev->number);
  return err;
}

__tgt_target_table *
__tgt_rtl_load_binary (int32_t id, __tgt_device_image *image)
{
  struct gtc_device *dev = ready_device (id);

  if (dev == NULL || !__tgt_rtl_is_valid_binary (image))
    return NULL;
  return gtc_load_image (dev, image);
}

int32_t
__tgt_rtl_unload_binary (int32_t id, __tgt_device_image *image)
{
  struct gtc_device *dev = gtc_device (id);

  if (dev == NULL)
    return GT_RTL_FAIL;
  /* A device finished already (deinit_device, which a plugin may call at
     exit, before the program's destructors unregister their images)
     holds no image any more.  */
  if (!__atomic_load_n (&dev->ready, __ATOMIC_ACQUIRE))
    return GT_RTL_SUCCESS;
  return gtc_unload_image (dev, image);
}

int32_t
__tgt_rtl_rev_fn_table (int32_t id, __tgt_device_image *image,
			const uint64_t **table, int32_t *count)
{
  struct gtc_device *dev = ready_device (id);
  size_t n;

  if (table == NULL || count == NULL)
    return GT_RTL_FAIL;
  *table = NULL;
  *count = 0;
  if (dev == NULL || gtc_image_rev_table (dev, image, table, &n) != 0)
    return GT_RTL_FAIL;
  if (n > INT32_MAX)
    {
      gt_plugin_error ("device %d: reverse-offload table of %zu entries",
		       (int) dev->number, n);
      *table = NULL;
      return GT_RTL_FAIL;
    }
  *count = (int32_t) n;
  return GT_RTL_SUCCESS;
}

/* ---- Memory.  ---- */

void *
__tgt_rtl_data_alloc (int32_t id, int64_t size, void *host_ptr)
{
  struct gtc_device *dev = ready_device (id);

  (void) host_ptr;
  if (dev == NULL || size < 0)
    return NULL;
  return gtc_pool_alloc (dev, (size_t) size);
}

int32_t
__tgt_rtl_data_delete (int32_t id, void *tgt_ptr)
{
  struct gtc_device *dev = ready_device (id);

  if (dev == NULL)
    return GT_RTL_FAIL;
  return gtc_pool_free (dev, tgt_ptr);
}

/* ---- Asynchronous operations.  ---- */

/* The descriptor of a copy of SIZE bytes from SRC to DST on device ID, in
   *D; its device, or NULL if the copy is not valid.  */
static struct gtc_device *
copy_desc (int32_t id, enum gtc_copy_dir dir, void *dst, const void *src,
	   int64_t size, struct gtc_device *peer, struct gtc_op_desc *d)
{
  struct gtc_device *dev = ready_device (id);

  if (dev == NULL || size < 0 || (size > 0 && (dst == NULL || src == NULL)))
    return NULL;
  d->kind = size == 0 ? GTC_OP_MARK : GTC_OP_COPY;
  d->dir = dir;
  d->dst = dst;
  d->src = src;
  d->size = (size_t) size;
  d->peer = peer;
  return dev;
}

static int32_t
copy_async (int32_t id, enum gtc_copy_dir dir, void *dst, const void *src,
	    int64_t size, struct gtc_device *peer, int32_t ndeps,
	    tgt_event_t *deps, tgt_event_t *event)
{
  struct gtc_op_desc d;
  struct gtc_device *dev = copy_desc (id, dir, dst, src, size, peer, &d);

  return dev ? gtc_submit (dev, &d, ndeps, deps, event) : GT_RTL_FAIL;
}

/* The copy of copy_async, run at once and waited for.  */
static int32_t
copy_now (int32_t id, enum gtc_copy_dir dir, void *dst, const void *src,
	  int64_t size, struct gtc_device *peer)
{
  struct gtc_op_desc d;
  struct gtc_device *dev = copy_desc (id, dir, dst, src, size, peer, &d);

  return dev ? gtc_run_now (dev, &d) : GT_RTL_FAIL;
}

int32_t
__tgt_rtl_async_data_submit (int32_t id, void *tgt_ptr, void *host_ptr,
			     int64_t size, int32_t num_dep_events,
			     tgt_event_t *dep_events,
			     tgt_event_t *completion_event)
{
  return copy_async (id, GTC_HOST_TO_DEVICE, tgt_ptr, host_ptr, size, NULL,
		     num_dep_events, dep_events, completion_event);
}

int32_t
__tgt_rtl_async_data_retrieve (int32_t id, void *host_ptr, void *tgt_ptr,
			       int64_t size, int32_t num_dep_events,
			       tgt_event_t *dep_events,
			       tgt_event_t *completion_event)
{
  return copy_async (id, GTC_DEVICE_TO_HOST, host_ptr, tgt_ptr, size, NULL,
		     num_dep_events, dep_events, completion_event);
}

int32_t
__tgt_rtl_async_data_exchange (int32_t src_id, void *src_ptr, int32_t dst_id,
			       void *dst_ptr, int64_t size,
			       int32_t num_dep_events, tgt_event_t *dep_events,
			       tgt_event_t *completion_event)
{
  struct gtc_device *src = ready_device (src_id);

  if (src == NULL)
    return GT_RTL_FAIL;
  return copy_async (dst_id, GTC_DEVICE_TO_DEVICE, dst_ptr, src_ptr, size,
		     src, num_dep_events, dep_events, completion_event);
}

/* The descriptor of a launch of ENTRY on device ID, in *D; its device, or
   NULL if the launch is not valid.  */
static struct gtc_device *
launch_desc (int32_t id, void *entry, void **tgt_vars, int32_t arg_num,
	     int32_t num_teams, int32_t thread_limit, uint32_t flags,
	     struct gtc_op_desc *d)
{
  struct gtc_device *dev = ready_device (id);

  if (dev == NULL || entry == NULL || arg_num < 0
      || (arg_num > 0 && tgt_vars == NULL))
    return NULL;
  d->kind = GTC_OP_LAUNCH;
  d->kernel = entry;
  d->vars = tgt_vars;
  d->nvars = arg_num;
  d->num_teams = num_teams;
  d->thread_limit = thread_limit;
  d->caller_waits = (flags & GT_LAUNCH_CALLER_WAITS) != 0;
  d->wait_here = d->caller_waits && (flags & GT_LAUNCH_WAIT_HERE) != 0;
  return dev;
}

int32_t
__tgt_rtl_async_launch (int32_t id, void *entry, void **tgt_vars,
			int32_t arg_num, int32_t num_teams,
			int32_t thread_limit, uint32_t flags,
			int32_t num_dep_events, tgt_event_t *dep_events,
			tgt_event_t *completion_event)
{
  struct gtc_op_desc d;
  struct gtc_device *dev = launch_desc (id, entry, tgt_vars, arg_num,
					num_teams, thread_limit, flags, &d);

  if (dev == NULL)
    return GT_RTL_FAIL;
  return gtc_submit (dev, &d, num_dep_events, dep_events, completion_event);
}

int32_t
__tgt_rtl_async_run_target_team_region (int32_t id, void *entry,
					void **tgt_vars, int32_t arg_num,
					int32_t num_teams,
					int32_t thread_limit,
					int32_t num_dep_events,
					tgt_event_t *dep_events,
					tgt_event_t *completion_event)
{
  return __tgt_rtl_async_launch (id, entry, tgt_vars, arg_num, num_teams,
				 thread_limit, 0, num_dep_events, dep_events,
				 completion_event);
}

int32_t
__tgt_rtl_async_run_target_region (int32_t id, void *entry, void **tgt_vars,
				   int32_t arg_num, int32_t num_dep_events,
				   tgt_event_t *dep_events,
				   tgt_event_t *completion_event)
{
  return __tgt_rtl_async_run_target_team_region (id, entry, tgt_vars,
						 arg_num, 1, 0,
						 num_dep_events, dep_events,
						 completion_event);
}

int32_t
__tgt_rtl_async_host_call (int32_t id, void (*fn) (void *), void *arg,
			   int32_t num_dep_events, tgt_event_t *dep_events,
			   tgt_event_t *completion_event)
{
  struct gtc_device *dev = ready_device (id);
  struct gtc_op_desc d;

  if (dev == NULL || fn == NULL)
    return GT_RTL_FAIL;
  d.kind = GTC_OP_HOST_CALL;
  d.fn = fn;
  d.arg = arg;
  return gtc_submit (dev, &d, num_dep_events, dep_events, completion_event);
}

int32_t
__tgt_rtl_async_dep (int32_t id, int32_t num_dep_events,
		     tgt_event_t *dep_events, tgt_event_t *completion_event)
{
  struct gtc_device *dev = ready_device (id);
  struct gtc_op_desc d;

  if (dev == NULL)
    return GT_RTL_FAIL;
  d.kind = GTC_OP_MARK;
  return gtc_submit (dev, &d, num_dep_events, dep_events, completion_event);
}

int32_t
__tgt_rtl_async_notify (int32_t id, tgt_event_t event,
			tgt_sync_event_t token)
{
  if (ready_device (id) == NULL)
    return GT_RTL_FAIL;
  return gtc_event_notify (event, token);
}

int32_t
__tgt_rtl_synchronize (int32_t id, tgt_event_t event)
{
  struct gtc_device *dev = ready_device (id);

  if (dev == NULL)
    return GT_RTL_FAIL;
  return event ? gtc_event_wait (event) : gtc_device_wait (dev);
}

int32_t
__tgt_rtl_query_event (int32_t id, tgt_event_t event)
{
  struct gtc_device *dev = ready_device (id);

  if (dev == NULL)
    return GT_RTL_FAIL;
  return event ? gtc_event_query (event) : gtc_device_query (dev);
}

/* ---- Dependences.  ---- */

void
__tgt_rtl_init_dep (tgt_callback_fct completion_callback)
{
  gtc_completion_callback = completion_callback;
}

int32_t
__tgt_rtl_enforce_dep (int32_t from_id, int32_t to_id,
		       tgt_event_t completion_event)
{
  /* Any queue of the plugin can wait for any event of the plugin: in
     order on software queues, on the device for hardware ones.  */
  struct gtc_device *from = gtc_device (from_id);

  if (from == NULL || gtc_device (to_id) == NULL
      || !gtc_event_valid (completion_event)
      || gtc_event_device (completion_event) != from)
    return GT_RTL_FAIL;
  return GT_RTL_SUCCESS;
}

void
__tgt_rtl_release_dep (tgt_sync_event_t completion_event)
{
  /* Events are (queue, sequence number) pairs: nothing to release.  */
  (void) completion_event;
}

int32_t
__tgt_rtl_process_dep (void)
{
  /* Queues make progress on their own threads.  */
  return 0;
}

/* ---- The synchronous interface: run at once (gtc_run_now).  ---- */

int32_t
__tgt_rtl_data_submit (int32_t id, void *tgt_ptr, void *host_ptr,
		       int64_t size)
{
  return copy_now (id, GTC_HOST_TO_DEVICE, tgt_ptr, host_ptr, size, NULL);
}

int32_t
__tgt_rtl_data_retrieve (int32_t id, void *host_ptr, void *tgt_ptr,
			 int64_t size)
{
  return copy_now (id, GTC_DEVICE_TO_HOST, host_ptr, tgt_ptr, size, NULL);
}

int32_t
__tgt_rtl_is_data_exchangable (int32_t src_id, int32_t dst_id)
{
  return gtc_device (src_id) != NULL && gtc_device (dst_id) != NULL;
}

int32_t
__tgt_rtl_data_exchange (int32_t src_id, void *src_ptr, int32_t dst_id,
			 void *dst_ptr, int64_t size)
{
  struct gtc_device *src = ready_device (src_id);

  if (src == NULL)
    return GT_RTL_FAIL;
  return copy_now (dst_id, GTC_DEVICE_TO_DEVICE, dst_ptr, src_ptr, size, src);
}

/* The launch of __tgt_rtl_run_target_team_region, its arguments TGT_VARS
   as they are.  */
static int32_t
run_region_now (int32_t id, void *entry, void **vars, int32_t arg_num,
		int32_t num_teams, int32_t thread_limit)
{
  struct gtc_op_desc d;
  struct gtc_device *dev = launch_desc (id, entry, vars, arg_num, num_teams,
					thread_limit, GT_LAUNCH_CALLER_WAITS,
					&d);

  return dev ? gtc_run_now (dev, &d) : GT_RTL_FAIL;
}

/* The same with OFFSETS added to TGT_VARS: out of line, as the front end
   passes none.  */
static int32_t __attribute__ ((noinline))
run_region_now_offsets (int32_t id, void *entry, void **tgt_vars,
			ptrdiff_t *offsets, int32_t arg_num,
			int32_t num_teams, int32_t thread_limit)
{
  void *stack_vars[16];
  void **vars;
  int32_t err, i;

  vars = arg_num <= 16 ? stack_vars : malloc (arg_num * sizeof *vars);
  if (vars == NULL)
    return GT_RTL_FAIL;
  for (i = 0; i < arg_num; i++)
    vars[i] = (char *) tgt_vars[i] + offsets[i];
  err = run_region_now (id, entry, vars, arg_num, num_teams, thread_limit);
  if (vars != stack_vars)
    free (vars);
  return err;
}

int32_t
__tgt_rtl_run_target_team_region (int32_t id, void *entry, void **tgt_vars,
				  ptrdiff_t *offsets, int32_t arg_num,
				  int32_t num_teams, int32_t thread_limit,
				  uint64_t loop_tripcount)
{
  (void) loop_tripcount;
  if (GT_UNLIKELY (offsets != NULL && arg_num > 0))
    return run_region_now_offsets (id, entry, tgt_vars, offsets, arg_num,
				   num_teams, thread_limit);
  return run_region_now (id, entry, tgt_vars, arg_num, num_teams,
			 thread_limit);
}

int32_t
__tgt_rtl_run_target_region (int32_t id, void *entry, void **tgt_vars,
			     ptrdiff_t *offsets, int32_t arg_num)
{
  return __tgt_rtl_run_target_team_region (id, entry, tgt_vars, offsets,
					   arg_num, 1, 0, 0);
}

/* ---- Rectangular copies, for vendors that do them at once.  ---- */

int32_t
__tgt_rtl_data_copy_rect (int32_t dst_id, int32_t src_id,
			  const gt_rect_copy *copy)
{
  struct gtc_device *dst = NULL, *src = NULL;

  if (gtc_vendor.copy_rect == NULL || copy == NULL
      || (dst_id < 0 && src_id < 0))
    return GT_RTL_FAIL;
  if ((dst_id >= 0 && (dst = ready_device (dst_id)) == NULL)
      || (src_id >= 0 && (src = ready_device (src_id)) == NULL))
    return GT_RTL_FAIL;
  return gtc_vendor.copy_rect (dst, src, copy) == 0 ? GT_RTL_SUCCESS
						     : GT_RTL_FAIL;
}
