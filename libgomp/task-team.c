/* task-team.c -- the teams of the native runtime that GOMP_parallel
   starts, seen on their way to it: each thread of the team runs its
   implicit task through implicit_task below, which notes the task's level
   (gt_team_level), so that the task's nowait target constructs are
   queued on their devices without a native task (task-free.c), and
   which, as the task ends and before the region's closing barrier,
   waits for those still pending.  The combined parallel worksharing
   entry points (GOMP_parallel_loop_*, _sections, _reductions) and the
   host teams are not seen here: their threads are at a level that
   gt_team_level does not name, and their target tasks go to the native
   runtime as before.

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
#include "entry-points.h"
#include "gt-once.h"

typedef void native_parallel_fn (void (*) (void *), void *, unsigned,
				 unsigned);

static native_parallel_fn *native_parallel;
static int (*native_get_level) (void);
static pthread_once_t native_once = PTHREAD_ONCE_INIT;

static void
find_native (void)
{
  native_parallel
    = (native_parallel_fn *) gt_native_symbol ("GOMP_parallel");
  native_get_level = (int (*) (void)) gt_native_symbol ("omp_get_level");
  if (native_parallel == NULL || native_get_level == NULL)
    gt_fatal ("the native OpenMP runtime lacks GOMP_parallel or "
	      "omp_get_level");
}

/* The program's body of a parallel region, for every thread of the
   team.  */
struct team_call
{
  void (*fn) (void *);
  void *data;
};

static void
implicit_task (void *arg)
{
  const struct team_call *c = arg;
  int level = gt_team_level, depth = gt_task_depth;
  unsigned long met = gt_free_tasks_met;

  /* A thread that starts a nested team from a task body is, in the new
     implicit task, in no task body.  */
  gt_team_level = native_get_level ();
  gt_task_depth = 0;
  c->fn (c->data);
  /* The barrier that ends the region waits for the team's tasks, which
     the native runtime does not know all of.  */
  if (gt_free_tasks_met != met)
    gt_free_tasks_wait (0);
  gt_team_level = level;
  gt_task_depth = depth;
}

GT_PUBLIC void
GOMP_parallel (void (*fn) (void *), void *data, unsigned num_threads,
	       unsigned flags)
{
  struct team_call c = { fn, data };

  gt_once (&native_once, NULL, find_native);
  native_parallel (implicit_task, &c, num_threads, flags);
}
