/* task-observer.c -- the host tasks the program creates, seen on their way
   to the native runtime.  GOMP_task is defined here only to note the
   depend clauses of each new task in the calling thread's dependence
   table (depend.c), so that a later target task is queued on its device
   at once only when no host task comes before it; every call then goes
   on, unchanged, to the native runtime's GOMP_task, which creates and
   runs the task.  Host tasking stays entirely with the native runtime.

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
#include "gomp-map-kinds.h"
#include "gt-once.h"
#include "depend.h"

typedef void native_task_fn (void (*) (void *), void *,
			     void (*) (void *, void *), long, long, bool,
			     unsigned, void **, int, void *);
typedef void native_taskwait_depend_fn (void **);

GT_TLS int gt_dep_wait_depth;

static native_task_fn *native_task;
static native_taskwait_depend_fn *native_taskwait_depend;
static native_taskwait_depend_fn *native_taskwait_depend_nowait;
static pthread_once_t native_once = PTHREAD_ONCE_INIT;

static void
find_native (void)
{
  native_task = (native_task_fn *) gt_native_symbol ("GOMP_task");
  native_taskwait_depend = (native_taskwait_depend_fn *)
    gt_native_symbol ("GOMP_taskwait_depend");
  native_taskwait_depend_nowait = (native_taskwait_depend_fn *)
    gt_native_symbol ("GOMP_taskwait_depend_nowait");
  if (native_task == NULL || native_taskwait_depend == NULL)
    gt_fatal ("the native OpenMP runtime has no GOMP_task or "
	      "GOMP_taskwait_depend");
}

void
gt_native_task (void (*fn) (void *), void *data,
		void (*cpyfn) (void *, void *), long arg_size, long arg_align,
		bool if_clause, unsigned flags, void **depend, int priority,
		void *detach)
{
  gt_once (&native_once, NULL, find_native);
  if (depend == NULL)
    native_task (fn, data, cpyfn, arg_size, arg_align, if_clause, flags,
		 depend, priority, detach);
  else
    {
      /* An undeferred task waits for its dependences first, perhaps
	 running them on this thread.  */
      gt_dep_wait_depth++;
      native_task (fn, data, cpyfn, arg_size, arg_align, if_clause, flags,
		   depend, priority, detach);
      gt_dep_wait_depth--;
    }
}

GT_PUBLIC void
GOMP_task (void (*fn) (void *), void *data, void (*cpyfn) (void *, void *),
	   long arg_size, long arg_align, bool if_clause, unsigned flags,
	   void **depend, int priority, void *detach)
{
  if ((flags & GT_TASK_FLAG_DEPEND) && depend != NULL)
    gt_depend_record_other (depend);
  gt_native_task (fn, data, cpyfn, arg_size, arg_align, if_clause, flags,
		  depend, priority, detach);
}

/* taskwait depend(...): the native runtime may run the tasks it waits
   for on this thread.  */
GT_PUBLIC void
GOMP_taskwait_depend (void **depend)
{
  gt_once (&native_once, NULL, find_native);
  gt_dep_wait_depth++;
  native_taskwait_depend (depend);
  gt_dep_wait_depth--;
}

/* OpenMP 5.1's taskwait depend(...) nowait (GCC 13 and later): a node in
   the dependence graph like a task of its own.  */
GT_PUBLIC void
GOMP_taskwait_depend_nowait (void **depend)
{
  gt_once (&native_once, NULL, find_native);
  if (native_taskwait_depend_nowait == NULL)
    gt_fatal ("GOMP_taskwait_depend_nowait: the native OpenMP runtime "
	      "does not have it (a program of a newer GCC?)");
  gt_depend_record_other (depend);
  native_taskwait_depend_nowait (depend);
}
