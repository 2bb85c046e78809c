/* task-observer.c -- the host tasks the program creates and its waits for
   tasks, seen on their way to the native runtime.  GOMP_task is defined
   here only to note the depend clauses of each new task in the calling
   thread's dependence table (depend.c), so that a later target task is
   queued on its device at once only when no host task comes before it;
   taskwait, the end of a taskgroup or of a taskloop, and barriers first
   wait for the target tasks still pending on this thread (task-free.c),
   which the native runtime does not know, and so do the barriers that
   end worksharing constructs (loops, sections, single with copyprivate,
   task reductions), and taskwait or a host task with depend clauses
   that the dependence table cannot tell apart from a successor of a
   target task.  Every call then goes on,
   unchanged, to the native runtime's entry point, which does the rest;
   those that may run other tasks' bodies on this thread count in
   gt_task_depth while they do, so that a target task met there goes to
   the native runtime.  Host tasking stays entirely with the native
   runtime.

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
typedef void native_void_fn (void);
typedef bool native_bool_fn (void);
typedef void native_taskloop_fn (void (*) (void *), void *,
				 void (*) (void *, void *), long, long,
				 unsigned, unsigned long, int, long, long,
				 long);
typedef void native_taskloop_ull_fn (void (*) (void *), void *,
				     void (*) (void *, void *), long, long,
				     unsigned, unsigned long, int,
				     unsigned long long, unsigned long long,
				     unsigned long long);

static native_task_fn *native_task;
static native_taskwait_depend_fn *native_taskwait_depend;
static native_taskwait_depend_fn *native_taskwait_depend_nowait;
static native_void_fn *native_taskwait, *native_taskgroup_end;
static native_void_fn *native_barrier;
static native_bool_fn *native_barrier_cancel;
static native_taskloop_fn *native_taskloop;
static native_taskloop_ull_fn *native_taskloop_ull;
static native_void_fn *native_loop_end, *native_sections_end;
static native_bool_fn *native_loop_end_cancel, *native_sections_end_cancel;
static void *(*native_single_copy_start) (void);
static void (*native_single_copy_end) (void *);
static void (*native_workshare_task_reduction_unregister) (bool);
static pthread_once_t native_once = PTHREAD_ONCE_INIT;

static void
find_native (void)
{
  native_task = (native_task_fn *) gt_native_symbol ("GOMP_task");
  native_taskwait_depend = (native_taskwait_depend_fn *)
    gt_native_symbol ("GOMP_taskwait_depend");
  native_taskwait_depend_nowait = (native_taskwait_depend_fn *)
    gt_native_symbol ("GOMP_taskwait_depend_nowait");
  native_taskwait = (native_void_fn *) gt_native_symbol ("GOMP_taskwait");
  native_taskgroup_end
    = (native_void_fn *) gt_native_symbol ("GOMP_taskgroup_end");
  native_barrier = (native_void_fn *) gt_native_symbol ("GOMP_barrier");
  native_barrier_cancel
    = (native_bool_fn *) gt_native_symbol ("GOMP_barrier_cancel");
  native_taskloop = (native_taskloop_fn *) gt_native_symbol ("GOMP_taskloop");
  native_taskloop_ull
    = (native_taskloop_ull_fn *) gt_native_symbol ("GOMP_taskloop_ull");
  native_loop_end = (native_void_fn *) gt_native_symbol ("GOMP_loop_end");
  native_loop_end_cancel
    = (native_bool_fn *) gt_native_symbol ("GOMP_loop_end_cancel");
  native_sections_end
    = (native_void_fn *) gt_native_symbol ("GOMP_sections_end");
  native_sections_end_cancel
    = (native_bool_fn *) gt_native_symbol ("GOMP_sections_end_cancel");
  native_single_copy_start
    = (void *(*) (void)) gt_native_symbol ("GOMP_single_copy_start");
  native_single_copy_end
    = (void (*) (void *)) gt_native_symbol ("GOMP_single_copy_end");
  native_workshare_task_reduction_unregister
    = (void (*) (bool))
      gt_native_symbol ("GOMP_workshare_task_reduction_unregister");
  if (native_task == NULL || native_taskwait_depend == NULL
      || native_taskwait == NULL || native_taskgroup_end == NULL
      || native_barrier == NULL || native_barrier_cancel == NULL
      || native_taskloop == NULL || native_taskloop_ull == NULL
      || native_loop_end == NULL || native_loop_end_cancel == NULL
      || native_sections_end == NULL || native_sections_end_cancel == NULL
      || native_single_copy_start == NULL || native_single_copy_end == NULL
      || native_workshare_task_reduction_unregister == NULL)
    gt_fatal ("the native OpenMP runtime lacks one of GOMP_task, "
	      "GOMP_taskwait(_depend), GOMP_taskgroup_end, "
	      "GOMP_barrier(_cancel), GOMP_taskloop(_ull), "
	      "GOMP_loop_end(_cancel), GOMP_sections_end(_cancel), "
	      "GOMP_single_copy_start/end, "
	      "GOMP_workshare_task_reduction_unregister");
}

void
gt_native_task (void (*fn) (void *), void *data,
		void (*cpyfn) (void *, void *), long arg_size, long arg_align,
		bool if_clause, unsigned flags, void **depend, int priority,
		void *detach)
{
  gt_once (&native_once, NULL, find_native);
  /* The body of an undeferred task runs in there: a target task it meets
     is one level deeper.  */
  gt_task_depth++;
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
  gt_task_depth--;
}

GT_PUBLIC void
GOMP_task (void (*fn) (void *), void *data, void (*cpyfn) (void *, void *),
	   long arg_size, long arg_align, bool if_clause, unsigned flags,
	   void **depend, int priority, void *detach)
{
  if ((flags & GT_TASK_FLAG_DEPEND) && depend != NULL)
    {
      /* The pending target tasks, which the native runtime does not
	 know, may be among its predecessors.  */
      gt_free_tasks_wait_before (depend);
      gt_depend_record_other (depend);
    }
  gt_native_task (fn, data, cpyfn, arg_size, arg_align, if_clause, flags,
		  depend, priority, detach);
}

/* taskwait depend(...): the native runtime may run the tasks it waits
   for on this thread.  */
GT_PUBLIC void
GOMP_taskwait_depend (void **depend)
{
  gt_once (&native_once, NULL, find_native);
  gt_free_tasks_wait_before (depend);
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
  gt_free_tasks_wait_before (depend);
  gt_depend_record_other (depend);
  native_taskwait_depend_nowait (depend);
}

/* The waits for tasks: the target tasks met outside a team that the
   construct waits for are complete before the native runtime goes on
   (waiting for more of them than OpenMP asks is harmless; see
   task-free.c).  */

/* The native runtime first: it may run host tasks on this thread while
   the device runs the pending target tasks.  */

GT_PUBLIC void
GOMP_taskwait (void)
{
  gt_once (&native_once, NULL, find_native);
  gt_task_depth++;
  native_taskwait ();
  gt_task_depth--;
  gt_free_tasks_wait (gt_task_depth);
}

GT_PUBLIC void
GOMP_taskgroup_end (void)
{
  gt_once (&native_once, NULL, find_native);
  gt_task_depth++;
  native_taskgroup_end ();
  gt_task_depth--;
  gt_free_tasks_wait (gt_task_depth);
}

/* Before a barrier: the thread's pending target tasks are complete, and
   the task bodies the native runtime runs there are deeper.  While the
   device runs those, the thread runs its own host tasks.  */
static void
barrier_enter (void)
{
  gt_once (&native_once, NULL, find_native);
  gt_task_depth++;
  if (GT_UNLIKELY (gt_free_tasks_pending ()))
    {
      native_taskwait ();
      gt_free_tasks_wait (0);
    }
}

GT_PUBLIC void
GOMP_barrier (void)
{
  barrier_enter ();
  native_barrier ();
  gt_task_depth--;
}

GT_PUBLIC bool
GOMP_barrier_cancel (void)
{
  bool cancelled;

  barrier_enter ();
  cancelled = native_barrier_cancel ();
  gt_task_depth--;
  return cancelled;
}

/* The barriers that end worksharing constructs.  */

GT_PUBLIC void
GOMP_loop_end (void)
{
  barrier_enter ();
  native_loop_end ();
  gt_task_depth--;
}

GT_PUBLIC bool
GOMP_loop_end_cancel (void)
{
  bool cancelled;

  barrier_enter ();
  cancelled = native_loop_end_cancel ();
  gt_task_depth--;
  return cancelled;
}

GT_PUBLIC void
GOMP_sections_end (void)
{
  barrier_enter ();
  native_sections_end ();
  gt_task_depth--;
}

GT_PUBLIC bool
GOMP_sections_end_cancel (void)
{
  bool cancelled;

  barrier_enter ();
  cancelled = native_sections_end_cancel ();
  gt_task_depth--;
  return cancelled;
}

/* single with copyprivate: the threads that do not run the body wait in
   the first at a barrier, the one that does in the second.  */
GT_PUBLIC void *
GOMP_single_copy_start (void)
{
  void *data;

  barrier_enter ();
  data = native_single_copy_start ();
  gt_task_depth--;
  return data;
}

GT_PUBLIC void
GOMP_single_copy_end (void *data)
{
  barrier_enter ();
  native_single_copy_end (data);
  gt_task_depth--;
}

GT_PUBLIC void
GOMP_workshare_task_reduction_unregister (bool cancelled)
{
  barrier_enter ();
  native_workshare_task_reduction_unregister (cancelled);
  gt_task_depth--;
}

/* A taskloop runs its tasks' bodies in there outside a team; without
   nogroup, its implicit taskgroup waits for what they met.  */
GT_PUBLIC void
GOMP_taskloop (void (*fn) (void *), void *data,
	       void (*cpyfn) (void *, void *), long arg_size, long arg_align,
	       unsigned flags, unsigned long num_tasks, int priority,
	       long start, long end, long step)
{
  gt_once (&native_once, NULL, find_native);
  gt_task_depth++;
  native_taskloop (fn, data, cpyfn, arg_size, arg_align, flags, num_tasks,
		   priority, start, end, step);
  gt_task_depth--;
  if (!(flags & GT_TASK_FLAG_NOGROUP))
    gt_free_tasks_wait (gt_task_depth + 1);
}

GT_PUBLIC void
GOMP_taskloop_ull (void (*fn) (void *), void *data,
		   void (*cpyfn) (void *, void *), long arg_size,
		   long arg_align, unsigned flags, unsigned long num_tasks,
		   int priority, unsigned long long start,
		   unsigned long long end, unsigned long long step)
{
  gt_once (&native_once, NULL, find_native);
  gt_task_depth++;
  native_taskloop_ull (fn, data, cpyfn, arg_size, arg_align, flags,
		       num_tasks, priority, start, end, step);
  gt_task_depth--;
  if (!(flags & GT_TASK_FLAG_NOGROUP))
    gt_free_tasks_wait (gt_task_depth + 1);
}
