/* fork.c -- the plugin core across fork ().  Only the thread that called
   fork exists in the child: the queues' workers, the vendor's serving
   threads and the threads that were using the devices stay in the
   parent.  So that the child gets the core's state whole, the prepare
   handler takes every lock of the core (devices, pools, queues) -- all
   of them or none, retrying, since other threads take them in orders of
   their own -- and the child handler releases them and makes the queues
   forget the threads that are not there (a new worker starts when
   needed).

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

#include "gt-fork.h"

/* The prepare handler holds every lock of the core.  */
static bool prepared;

/* Take the locks of every device and pool, or none.  */
static bool
trylock_devices (void)
{
  int i;

  for (i = 0; i < gtc_num_devices; i++)
    {
      struct gtc_device *dev = gtc_device (i);
      if (pthread_mutex_trylock (&dev->lock) != 0)
	break;
      if (pthread_mutex_trylock (&dev->pool.lock) != 0)
	{
	  pthread_mutex_unlock (&dev->lock);
	  break;
	}
    }
  if (i == gtc_num_devices)
    return true;
  while (i-- > 0)
    {
      struct gtc_device *dev = gtc_device (i);
      pthread_mutex_unlock (&dev->pool.lock);
      pthread_mutex_unlock (&dev->lock);
    }
  return false;
}

static void
unlock_devices (void)
{
  int i;

  for (i = 0; i < gtc_num_devices; i++)
    {
      struct gtc_device *dev = gtc_device (i);
      pthread_mutex_unlock (&dev->pool.lock);
      pthread_mutex_unlock (&dev->lock);
    }
}

/* Take every lock of the core, or none (gt_fork_take_all).  */
static bool
take_all (void *arg __attribute__ ((unused)))
{
  if (!trylock_devices ())
    return false;
  if (gtc_queues_trylock_all ())
    return true;
  unlock_devices ();
  return false;
}

static void
prepare_fork (void)
{
  if (gt_fork_take_all (take_all, NULL))
    prepared = true;
}

static void
parent_after_fork (void)
{
  if (!prepared)
    return;
  prepared = false;
  gtc_queues_unlock_all ();
  unlock_devices ();
}

/* The child: runs before fork returns, with no other thread.  It
   neither prints nor allocates.  */
static void
child_after_fork (void)
{
  bool survives = (gtc_vendor.caps & GT_CAP_SURVIVES_FORK) != 0;
  int i;

  prepared = false;
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
  pthread_atfork (prepare_fork, parent_after_fork, child_after_fork);
}
