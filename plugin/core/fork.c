/* fork.c -- the plugin core in a child process made by fork ().  Only the
   thread that called fork exists in the child: the queues' workers, the
   vendor's serving threads and every thread that held one of the core's
   locks are gone, and the locks are copied as they were.  The child
   handler resets the locks and makes the queues forget their workers (a
   new one starts when needed).

   A vendor library initialised in the parent cannot be used in the child:
   CUDA does not duplicate its state or threads into a child, whose calls
   fail with CUDA_ERROR_NOT_INITIALIZED ("initialization error"); ROCr's
   libhsakmt makes every call into the kernel driver fail in a child
   (its queues' doorbells and memory are not inherited).  So, unless the
   vendor says its devices survive a fork (GT_CAP_SURVIVES_FORK: the
   emulated host device, whose memory is the child's own copy), every
   device of the plugin is lost in the child: the core never calls the
   vendor library for it again, init_device fails with a GOMP_DEBUG line,
   and finishing it at exit does nothing.  A process that forks before the
   plugin was loaded (before the first construct or device routine) is
   not affected: the child loads the plugin itself.

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

/* The child of a fork: reset what the gone threads may have held.  Runs
   before fork returns in the child, with no other thread; it neither
   prints nor allocates.  */
static void
child_after_fork (void)
{
  bool survives = (gtc_vendor.caps & GT_CAP_SURVIVES_FORK) != 0;
  int i;

  for (i = 0; i < gtc_num_devices; i++)
    {
      struct gtc_device *dev = gtc_device (i);
      pthread_mutex_init (&dev->lock, NULL);
      pthread_mutex_init (&dev->pool.lock, NULL);
      if (!survives)
	{
	  dev->lost = true;
	  __atomic_store_n (&dev->ready, false, __ATOMIC_RELEASE);
	}
      else if (gtc_vendor.after_fork)
	gtc_vendor.after_fork (dev);
    }
  gtc_queues_after_fork ();
}

void
gtc_fork_init (void)
{
  pthread_atfork (NULL, NULL, child_after_fork);
}
