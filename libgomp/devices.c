/* devices.c -- the device table: the devices of the loaded plugins,
   numbered in one sequence, and the entry of a region on a device
   (devices.h).  Their initialisation, teardown and the resolving of a
   device number are in device-lifecycle.c.

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
#include "gt-once.h"
#include "plugin-loader.h"
#include "ompt.h"

#include <stdlib.h>

int gt_num_devices;
struct gt_device *gt_devices;

static pthread_once_t devices_once = PTHREAD_ONCE_INIT;
/* Set once devices_once has run: then gt_init_devices is a load.  */
static bool devices_done;

/* Number the devices of the plugins in one sequence.  */
static void
load_device_table (void)
{
  struct gt_plugin_info *plugins;
  int nplugins, total = 0, i, j;

  if (gt_icvs.target_offload == GT_OFFLOAD_DISABLED)
    {
      gt_debug ("OMP_TARGET_OFFLOAD=DISABLED: no plugin loaded, "
		"running on the host");
      return;
    }
  nplugins = gt_load_plugins (&plugins);
  if (nplugins < 0)
    return;
  for (i = 0; i < nplugins; i++)
    total += plugins[i].num_devices;
  /* On lines of their own (struct gt_device).  */
  gt_devices = gt_calloc_lines (total, sizeof *gt_devices);
  for (i = 0, total = 0; i < nplugins; i++)
    for (j = 0; j < plugins[i].num_devices; j++, total++)
      {
	struct gt_device *dev = &gt_devices[total];
	dev->id = total;
	dev->local_id = j;
	dev->plugin = plugins[i].plugin;
	dev->plugin_name = plugins[i].name;
	dev->caps = plugins[i].caps;
	/* A device in shared-memory mode runs its regions at once.  */
	dev->async = plugins[i].async
		     && !(plugins[i].caps & GT_CAP_SHARED_MEMORY);
	dev->lock.word = 0;
	dev->state = GT_DEVICE_UNINITIALISED;
      }
  __atomic_store_n (&gt_num_devices, total, __ATOMIC_RELEASE);
  if (total == 0)
    gt_debug ("no offload device available, running on the host");
  free (plugins);
}

/* Called once the device table is loaded (gt_devices_on_loaded).  */
static void (*loaded_hook) (void);

void
gt_devices_on_loaded (void (*fn) (void))
{
  loaded_hook = fn;
}

static void
init_device_table (void)
{
  load_device_table ();
  /* The tool, if any, knows the number of the initial device.  */
  gt_ompt_start (gt_num_devices);
  /* After the plugins registered theirs: see fork.c.  */
  if (loaded_hook)
    loaded_hook ();
}

void
gt_devices_leave_at_exit (void)
{
  __atomic_store_n (&gt_exiting_on_error, true, __ATOMIC_RELEASE);
}

bool
gt_devices_left_at_exit (void)
{
  return __atomic_load_n (&gt_exiting_on_error, __ATOMIC_ACQUIRE);
}

int
gt_init_devices (void)
{
  gt_once (&devices_once, &devices_done, init_device_table);
  return gt_num_devices;
}
