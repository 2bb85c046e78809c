/* plugin-services.c -- the services the front end offers its plugins and
   the device-side code of emulated devices (plugin/gomptarget-services.h,
   listed once in gomptarget-services.def), all defined here, exported at
   version node GOMPTARGET_PLUGIN_1.0: running host code as a device's
   initial thread, serving reverse-offload requests, a device ending the
   program.  Each calls down into the front end.

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
#include "context.h"
#include "runner.h"
#include "reverse.h"
#include "tasks.h"
#include "profile.h"
#include "ompt.h"

#include <limits.h>

/* The host code of a region of a device that runs host code.  */
struct host_region
{
  int device_num;
  void (*fn) (void *);
  void *vars;
  unsigned ancestor_slot;	/* Where its ancestor regions go (reverse.c),
				   or 0.  */
};

static void
host_region_run (void *arg)
{
  struct host_region *hr = arg;
  int saved = gt_context_enter_region (hr->device_num, hr->ancestor_slot);

  hr->fn (hr->vars);
  gt_context_leave (saved);
}

/* The thread-limit-var of the initial thread of a region on a device
   that runs host code, launched with THREAD_LIMIT: without one (0), no
   limit -- the host's thread-limit-var (OMP_THREAD_LIMIT) is the host's
   alone; the device's own is in THREAD_LIMIT already
   (gt_device_launch_icvs).  */
static inline int
device_thread_limit (int32_t thread_limit)
{
  return thread_limit > 0 ? thread_limit : INT_MAX;
}

GT_PUBLIC void
GOMPTARGET_PLUGIN_run_host_region (int32_t device_num, void (*fn) (void *),
				   void *vars, int32_t num_teams,
				   int32_t thread_limit)
{
  struct host_region hr = { device_num, fn, vars, 0 };

  (void) num_teams;
  gt_run_on_initial_thread (host_region_run, &hr,
			    device_thread_limit (thread_limit));
}

GT_PUBLIC void
GOMPTARGET_PLUGIN_run_host_region_ancestor (int32_t device_num,
					    void (*fn) (void *), void *vars,
					    int32_t num_teams,
					    int32_t thread_limit,
					    gt_ancestor_fn *ancestor,
					    void *ancestor_arg)
{
  struct host_region hr = { device_num, fn, vars, 0 };

  (void) num_teams;
  /* A slot only where the program may have ancestor regions.  */
  if (gt_rev_possible ())
    hr.ancestor_slot = gt_ancestor_slot_new (ancestor, ancestor_arg);
  gt_run_on_initial_thread (host_region_run, &hr,
			    device_thread_limit (thread_limit));
  gt_ancestor_slot_free (hr.ancestor_slot);
}
GT_PUBLIC void
GOMPTARGET_PLUGIN_target_rev (int32_t device_num, uint64_t fn,
			      uint64_t mapnum, uint64_t devaddrs,
			      uint64_t sizes, uint64_t kinds,
			      const struct gt_rev_copier *copier)
{
  gt_rev_serve (device_num, fn, mapnum, devaddrs, sizes, kinds, copier);
}

GT_PUBLIC void
GOMPTARGET_PLUGIN_device_ends_program (void)
{
  gt_devices_leave_at_exit ();
}

GT_PUBLIC int32_t
GOMPTARGET_PLUGIN_profile_on (void)
{
  int32_t on = 0;

  if (gt_profile_on & GT_PROFILE_TRACE)
    on = GT_PROFILE_QUEUE_OPS
	 | (gt_profile_device_times ? GT_PROFILE_DEVICE_TIMES : 0)
	 | (gt_profile_copy_times ? GT_PROFILE_COPY_TIMES : 0);
  /* An OMPT tool may start a trace of a device at any time.  */
  if ((gt_profile_on & GT_PROFILE_OMPT) && gt_profile_device_times)
    on |= GT_PROFILE_OMPT_TIMES;
  return on;
}

GT_PUBLIC int32_t
GOMPTARGET_PLUGIN_profile_own (void)
{
  return gt_profile_own_now ();
}

GT_PUBLIC const int32_t *
GOMPTARGET_PLUGIN_profile_device_timing (int32_t device_num)
{
  return gt_ompt_timing_word (device_num);
}

GT_PUBLIC uint64_t
GOMPTARGET_PLUGIN_profile_clock (void)
{
  return gt_profile_clock ();
}

GT_PUBLIC void
GOMPTARGET_PLUGIN_profile_queue_op (int32_t device_num, uint32_t queue,
				    int32_t kind, uint64_t bytes,
				    const char *name, const void *host_fn,
				    uint64_t event, uint64_t start,
				    uint64_t end, int32_t dep_device,
				    uint32_t dep_queue, uint64_t dep_time)
{
  gt_profile_queue_op (device_num, queue, kind, bytes, name, host_fn,
		       event, start, end, dep_device, dep_queue, dep_time);
}

GT_PUBLIC void
GOMPTARGET_PLUGIN_profile_console (int32_t device_num, uint64_t bytes,
				   uint64_t start, uint64_t end)
{
  gt_profile_console (device_num, bytes, start, end);
}

GT_PUBLIC void
GOMPTARGET_PLUGIN_profile_device_op (int32_t device_num, uint32_t queue,
				     int32_t kind, const char *name,
				     const void *host_fn, uint64_t event,
				     uint64_t host_time, uint64_t start,
				     uint64_t end, uint64_t dev_start,
				     uint64_t dev_end)
{
  gt_profile_device_op (device_num, queue, kind, name, host_fn, event,
			host_time, start, end);
  if (gt_ompt_active ())
    gt_ompt_device_op (device_num,
		       (kind & ~GT_PROFILE_OP_OWN) == GT_PROFILE_OP_LAUNCH, event,
		       start, dev_start, dev_end);
}

/* The table of the services as a plugin sees it, kept only so that the
   build checks each service of gomptarget-services.def: defined (the
   library links with --no-undefined), with its prototype's type.  */
static const struct gt_plugin_services all_services __attribute__ ((used))
  = {
#define GT_PLUGIN_SERVICE(NAME, RET, PARAMS) \
  .NAME = GOMPTARGET_PLUGIN_##NAME,
#include "gomptarget-services.def"
#undef GT_PLUGIN_SERVICE
};
