/* fork.c -- the front end in a child process made by fork ().  Only the
   thread that called fork exists in the child.  The locks that other
   threads held are freed (those threads stayed in the parent), the
   calling thread's initial thread of target regions is forgotten (it
   stayed in the parent too), and the devices that a plugin initialised
   before the fork and that do not survive it (every GPU: see
   plugin/core/fork.c) become GT_DEVICE_FORKED: constructs on them run on
   the host, with a GOMP_DEBUG line, or end the program under
   OMP_TARGET_OFFLOAD=MANDATORY.  Devices not initialised before the fork
   are initialised in the child as usual: their plugin refuses them if it
   had initialised its vendor library in the parent.

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
#include "registry.h"
#include "tasks.h"

#include <pthread.h>

/* The pthread_atfork child handler: runs in the child before fork
   returns, with no other thread.  It prints nothing and allocates
   nothing.  */
static void
child_after_fork (void)
{
  int i, n = __atomic_load_n (&gt_num_devices, __ATOMIC_ACQUIRE);

  gt_mutex_after_fork (&gt_registry_lock);
  for (i = 0; i < n; i++)
    {
      struct gt_device *dev = &gt_devices[i];
      gt_mutex_after_fork (&dev->lock);
      gt_mutex_after_fork (&dev->spare_lock);
      if (dev->state == GT_DEVICE_READY
	  && !(dev->caps & GT_CAP_SURVIVES_FORK))
	__atomic_store_n (&dev->state, GT_DEVICE_FORKED, __ATOMIC_RELEASE);
    }
  gt_runner_after_fork ();
}

static void __attribute__ ((constructor))
gt_fork_init (void)
{
  pthread_atfork (NULL, NULL, child_after_fork);
}
