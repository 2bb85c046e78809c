/* task-free.c -- target tasks that the native runtime never sees.  Where
   it has no team (outside every parallel region: the implicit team of the
   initial thread, or of a thread the program made itself) libgomp runs
   every task undeferred, so that a nowait construct handed to it as a
   detached task would wait for the device at the directive; in the
   implicit task of a team that GOMP_parallel started through this
   library (task-team.c), a detached task costs the native runtime's task
   and its dependences on top of the device's queue.  In both the
   construct is queued on its device at once and the thread goes on; the
   thread keeps the list of such tasks still pending, and the native
   runtime's synchronisation entry points, seen on their way to it
   (task-observer.c), wait for them: taskwait, the end of a taskgroup or
   of a taskloop's implicit taskgroup, barriers (explicit, and those that
   end worksharing constructs and the parallel region), taskwait with
   depend, a host task with depend clauses, and a target construct with
   depend clauses.  Later target tasks of the same thread find them in
   the dependence table (depend.c) and are queued behind them on the
   device.  Inside a team, a task body run by the native runtime (at a
   barrier, a wait, or undeferred) hands its target tasks to the native
   runtime as before: only the implicit task's own constructs, whose
   every wait passes through here, are kept off it.  libgomp README says
   why this design.

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

#include "tasks.h"
#include "context.h"
#include "lifecycle.h"
#include "depend.h"
#include "devices.h"
#include "device-calls.h"
#include "transfer.h"
#include "gomp-map-kinds.h"
#include "gt-once.h"

#include <stdlib.h>
#include <string.h>

/* A pending target task of this thread, and how deep in undeferred host
   tasks its construct was met (gt_task_depth).  */
struct free_task
{
  struct gt_queued *q;
  struct gt_device *dev;
  int depth;
  bool in_team;			/* Met in the implicit task of a team.  */
};

/* Reap the completed ones when the list is full and reaches this
   length.  */
#define REAP_AT 32
/* Reap those complete at the list's front every this many tasks met, so
   that a thread far ahead of its device hands their records back for
   its next tasks.  */
#define REAP_FRONT_EVERY 8

/* The thread's pending tasks are PENDING[FIRST] to PENDING[NPENDING - 1],
   oldest first; NPENDING is 0 when there are none.  */
static GT_TLS struct free_task *pending;
static GT_TLS size_t first, npending, pending_cap;
GT_TLS int gt_dep_wait_depth;
GT_TLS int gt_task_depth;
GT_TLS int gt_team_level = -1;
GT_TLS unsigned long gt_free_tasks_met;

static int (*native_get_level) (void);
static pthread_once_t level_once = PTHREAD_ONCE_INIT;

/* The key's value is the thread's list (finish_all).  */
static pthread_key_t pending_key;
static pthread_once_t key_once = PTHREAD_ONCE_INIT;

static void
find_get_level (void)
{
  native_get_level = (int (*) (void)) gt_native_symbol ("omp_get_level");
}

int
gt_native_level (void)
{
  gt_once (&level_once, NULL, find_get_level);
  return native_get_level != NULL ? native_get_level () : -1;
}

/* A thread that leaves, and the program's exit, wait for the thread's
   pending tasks met outside any team: they are tasks of its implicit
   parallel region, whose end waits for them.  Those of a team that the
   program leaves by exit () from its region are left, as the native
   runtime leaves its own tasks.  */
static void
finish_all (void)
{
  size_t i;

  for (i = first; i < npending; i++)
    if (!pending[i].in_team)
      gt_queued_wait (pending[i].q);
  first = npending = 0;
  free (pending);
  pending = NULL;
  pending_cap = 0;
}

static void
thread_leaves (void *unused)
{
  (void) unused;
  finish_all ();
}

static void
make_key (void)
{
  if (pthread_key_create (&pending_key, thread_leaves) != 0)
    gt_fatal ("cannot create a thread-specific data key");
  /* The thread that calls exit () waits for its own; key destructors do
     not run there.  Registered after the devices' teardown, so run
     before it.  */
  atexit (finish_all);
}

/* May the calling thread keep a target task off the native runtime?  Not
   while it runs a region for a device; outside every team, yes (IN_TEAM
   false); in a team, only in the implicit task that task-team.c started
   at this level, and not in a task body the native runtime runs there
   (IN_TEAM true).  */
static bool
free_context (bool *in_team)
{
  int level;

  if (gt_in_device_region ())
    return false;
  level = gt_native_level ();
  if (level < 0)
    return false;
  *in_team = level != 0;
  return level == 0
	 || (level == gt_team_level && gt_task_depth == 0
	     && gt_dep_wait_depth == 0);
}

/* Finish the pending tasks that are at least MIN_DEPTH deep (all, if
   MIN_DEPTH is 0); ONLY_DONE: only those already complete.  */
static void
finish (int min_depth, bool only_done)
{
  size_t i, j = 0;

  for (i = first; i < npending; i++)
    {
      struct free_task *f = &pending[i];
      if (f->depth < min_depth)
	pending[j++] = *f;
      else if (!only_done)
	gt_queued_wait (f->q);
      else if (gt_dev_done (f->dev, gt_queued_event (f->q)))
	gt_queued_done (f->q);
      else
	pending[j++] = *f;
    }
  first = 0;
  npending = j;
}

/* Finish the tasks at the front of the list that are complete.  */
static void
reap_front (void)
{
  while (first < npending)
    {
      struct free_task *f = &pending[first];
      if (!gt_dev_done (f->dev, gt_queued_event (f->q)))
	break;
      gt_queued_done (f->q);
      first++;
    }
  if (first == npending)
    first = npending = 0;
}

void
gt_free_tasks_wait (int min_depth)
{
  if (GT_LIKELY (npending == 0))
    return;
  /* Code of a region that a host device runs on this thread, while the
     thread waits, met none of them: they are the waiting code's.  */
  if (gt_in_device_region ())
    return;
  finish (min_depth, false);
}

bool
gt_free_tasks_pending (void)
{
  return npending != 0;
}

void
gt_free_tasks_wait_before (void **depend)
{
  if (GT_UNLIKELY (npending != 0) && gt_depend_follows_target (depend))
    gt_free_tasks_wait (0);
}

bool
gt_free_target_task (enum gt_task_kind what, int device, void (*fn) (void *),
		     size_t mapnum, void **hostaddrs, size_t *sizes,
		     unsigned short *kinds, unsigned flags, void **depend,
		     void **args)
{
  tgt_event_t preds[GT_XFER_MAX_DEPS];
  struct gt_device *dev;
  struct gt_queued *q;
  bool in_team;
  int n;

  if (!free_context (&in_team))
    return false;
  dev = gt_resolve_device (device);
  if (dev == NULL || !dev->async)
    {
      /* The native runtime runs the task at once: what it depends on
	 must be complete first.  */
      if (depend != NULL)
	gt_free_tasks_wait (0);
      return false;
    }
  /* Before the device may run the region (which may call exit), and after
     the device's initialisation registered its teardown at exit.  */
  gt_once (&key_once, NULL, make_key);
  n = gt_depend_device_preds (depend, dev, preds, GT_XFER_MAX_DEPS);
  if (n < 0)
    {
      /* Ordered behind what the device cannot order by itself.  Outside
	 a team every task before it is complete once the pending ones
	 are (host tasks there are undeferred); in a team a host task
	 before it may still run, which the native runtime orders.  */
      gt_free_tasks_wait (0);
      if (in_team)
	return false;
      n = 0;
    }
  q = gt_queue_target_construct (what, dev, fn, mapnum, hostaddrs, sizes,
				 kinds, flags & ~GT_TARGET_FLAG_NOWAIT, args,
				 n, preds, false);
  if (q == NULL)
    {
      gt_depend_record_done (depend);
      return true;
    }
  gt_depend_record_target (depend, dev, gt_queued_event (q));
  gt_debug ("target task for device %d queued on the device%s, without a "
	    "native task (%s)", dev->id, n > 0 ? " behind its predecessors" : "",
	    in_team ? "the implicit task of a team" : "outside any team");
  if (npending - first >= REAP_FRONT_EVERY
      && npending % REAP_FRONT_EVERY == 0)
    reap_front ();
  if (npending == pending_cap && first != 0)
    {
      memmove (pending, pending + first,
	       (npending - first) * sizeof *pending);
      npending -= first;
      first = 0;
    }
  if (npending >= REAP_AT && npending == pending_cap)
    finish (0, true);
  if (npending == pending_cap)
    {
      pending_cap = pending_cap ? 2 * pending_cap : REAP_AT;
      pending = gt_realloc (pending, pending_cap * sizeof *pending);
      pthread_setspecific (pending_key, pending);
    }
  pending[npending].q = q;
  pending[npending].dev = dev;
  pending[npending].depth = gt_task_depth;
  pending[npending].in_team = in_team;
  npending++;
  gt_free_tasks_met++;
  return true;
}
