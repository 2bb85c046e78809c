/* fork.c -- the front end across fork ().  Only the thread that called
   fork exists in the child.  So that the child gets the front end's state
   whole, the prepare handler takes every lock (the devices', and those
   marked GT_FORK_LOCK) -- all of them or none, retrying, since other
   threads take them in orders of their own -- and the handlers release
   them in the parent and in the child.  Its handlers are registered once
   the plugins are loaded, so that its prepare handler runs before the
   plugins' (pthread_atfork runs them in the reverse order), taking the
   front end's locks before the plugins' as the program does.

   In the child, the calling thread's initial thread of target regions is
   forgotten (it stayed in the parent), and the devices that a plugin
   initialised before the fork and that do not survive it (every GPU: see
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

#include "lifecycle.h"

#include "gt-fork.h"

#include <pthread.h>

/* The locks of GT_FORK_LOCK.  */
extern gt_mutex_t *const __start_gt_fork_locks[] GT_HIDDEN;
extern gt_mutex_t *const __stop_gt_fork_locks[] GT_HIDDEN;

/* What the child also does, for a floor above (gt_fork_on_child).  */
static void (*child_hook) (void);

/* The prepare handler holds every lock.  */
static bool prepared;

static bool
held_by_self (gt_mutex_t *m)
{
  unsigned i;

  for (i = 1; i <= gt_held_locks.n; i++)
    if (gt_held_locks.lock[i] == m)
      return true;
  return false;
}

/* Lock number I: the N_MARKED ones of GT_FORK_LOCK, then the two of each
   of the N_DEVICES devices; NULL past the end.  */
static gt_mutex_t *
nth_lock (size_t i, size_t n_marked, int n_devices)
{
  if (i < n_marked)
    return __start_gt_fork_locks[i];
  i -= n_marked;
  if (i >= 2 * (size_t) n_devices)
    return NULL;
  return i % 2 ? &gt_devices[i / 2].spare_lock : &gt_devices[i / 2].lock;
}

/* Release the first N locks (all of them: (size_t) -1).  */
static void
release_first (size_t n, size_t n_marked, int n_devices)
{
  gt_mutex_t *m;
  size_t i;

  for (i = 0; i < n && (m = nth_lock (i, n_marked, n_devices)) != NULL; i++)
    if (!held_by_self (m))
      gt_mutex_release (m);
}

/* Take every lock, or none (gt_fork_take_all).  */
static bool
take_all (void *arg __attribute__ ((unused)))
{
  size_t n_marked = __stop_gt_fork_locks - __start_gt_fork_locks, i;
  int n_devices = __atomic_load_n (&gt_num_devices, __ATOMIC_ACQUIRE);
  gt_mutex_t *m;

  for (i = 0; (m = nth_lock (i, n_marked, n_devices)) != NULL; i++)
    {
      int v = 0;
      if (!held_by_self (m)
	  && !__atomic_compare_exchange_n (&m->word, &v, 1, false,
					   __ATOMIC_ACQUIRE,
					   __ATOMIC_RELAXED))
	break;
    }
  if (m == NULL)
    return true;
  release_first (i, n_marked, n_devices);
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
  size_t n_marked = __stop_gt_fork_locks - __start_gt_fork_locks;

  if (!prepared)
    return;
  prepared = false;
  release_first ((size_t) -1, n_marked,
		 __atomic_load_n (&gt_num_devices, __ATOMIC_ACQUIRE));
}

/* The child: runs before fork returns, with no other thread.  It prints
   nothing and allocates nothing.  */
static void
child_after_fork (void)
{
  size_t n_marked = __stop_gt_fork_locks - __start_gt_fork_locks, i;
  int n_devices = __atomic_load_n (&gt_num_devices, __ATOMIC_ACQUIRE);
  gt_mutex_t *m;

  prepared = false;
  /* Whether the prepare handler took them or not: their holders are not
     here.  No thread sleeps on them either.  */
  for (i = 0; (m = nth_lock (i, n_marked, n_devices)) != NULL; i++)
    if (!held_by_self (m))
      m->word = 0;
  for (i = 0; i < (size_t) n_devices; i++)
    {
      struct gt_device *dev = &gt_devices[i];
      if (dev->state == GT_DEVICE_READY
	  && !(dev->caps & GT_CAP_SURVIVES_FORK))
	__atomic_store_n (&dev->state, GT_DEVICE_FORKED, __ATOMIC_RELEASE);
    }
  if (child_hook)
    child_hook ();
}

void
gt_fork_on_child (void (*fn) (void))
{
  child_hook = fn;
}

/* Once the plugins are loaded (gt_devices_on_loaded).  */
static void
fork_init (void)
{
  pthread_atfork (prepare_fork, parent_after_fork, child_after_fork);
}

static void __attribute__ ((constructor))
register_fork_init (void)
{
  gt_devices_on_loaded (fork_init);
}
