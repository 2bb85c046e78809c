/* task-team.c -- the teams of the native runtime that a parallel
   construct starts, seen on their way to it: GOMP_parallel and the
   combined parallel worksharing entry points (GOMP_parallel_loop_*,
   GOMP_parallel_sections, GOMP_parallel_reductions) hand the native
   runtime implicit_task below in place of the program's function, so
   that each thread of the team runs its implicit task through it.  It
   notes the task's level (gt_team_level), so that the task's nowait
   target constructs are queued on their devices without a native task
   (task-free.c), and, as the task ends and before the region's closing
   barrier, waits for those still pending.  The host teams and GCC's
   pre-4.9 GOMP_parallel_start are not seen here: their threads are at a
   level that gt_team_level does not name, and their target tasks go to
   the native runtime as before.

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
typedef void native_loop_fn (void (*) (void *), void *, unsigned, long,
			     long, long, long, unsigned);
typedef void native_loop_runtime_fn (void (*) (void *), void *, unsigned,
				     long, long, long, unsigned);
typedef void native_sections_fn (void (*) (void *), void *, unsigned,
				 unsigned, unsigned);
typedef unsigned native_reductions_fn (void (*) (void *), void *, unsigned,
				       unsigned);

/* The native runtime's entry points, by the names below.  */
enum
{
  N_PARALLEL,
  N_LOOP_STATIC,
  N_LOOP_DYNAMIC,
  N_LOOP_GUIDED,
  N_LOOP_NONMONOTONIC_DYNAMIC,
  N_LOOP_NONMONOTONIC_GUIDED,
  N_LOOP_RUNTIME,
  N_LOOP_NONMONOTONIC_RUNTIME,
  N_LOOP_MAYBE_NONMONOTONIC_RUNTIME,
  N_SECTIONS,
  N_REDUCTIONS,
  N_COUNT
};

static const char *const native_names[N_COUNT] = {
  "GOMP_parallel",
  "GOMP_parallel_loop_static",
  "GOMP_parallel_loop_dynamic",
  "GOMP_parallel_loop_guided",
  "GOMP_parallel_loop_nonmonotonic_dynamic",
  "GOMP_parallel_loop_nonmonotonic_guided",
  "GOMP_parallel_loop_runtime",
  "GOMP_parallel_loop_nonmonotonic_runtime",
  "GOMP_parallel_loop_maybe_nonmonotonic_runtime",
  "GOMP_parallel_sections",
  "GOMP_parallel_reductions"
};

static void *native[N_COUNT];
static pthread_once_t native_once = PTHREAD_ONCE_INIT;

static void
find_native (void)
{
  int i;

  for (i = 0; i < N_COUNT; i++)
    native[i] = gt_native_symbol (native_names[i]);
}

/* The native runtime's entry point I (each is looked for once; a program
   calls only those its native runtime has).  */
static void *
native_entry (int i)
{
  gt_once (&native_once, NULL, find_native);
  if (native[i] == NULL)
    gt_fatal ("%s: the native OpenMP runtime does not have it",
	      native_names[i]);
  return native[i];
}

/* The program's body of a parallel region, for every thread of the
   team, in place of its data.  GOMP_parallel_reductions reads the first
   word of the data (the reductions' descriptor): FIRST is the program's
   first word there.  */
struct team_call
{
  void *first;
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
  gt_team_level = gt_native_level ();
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
  struct team_call c = { NULL, fn, data };
  native_parallel_fn *f = (native_parallel_fn *) native_entry (N_PARALLEL);

  f (implicit_task, &c, num_threads, flags);
}

/* The combined parallel loops: every thread's share of the loop is in
   FN, which ends without a barrier (the region's closing one).  */

static void
parallel_loop (int which, void (*fn) (void *), void *data,
	       unsigned num_threads, long start, long end, long incr,
	       long chunk_size, unsigned flags)
{
  struct team_call c = { NULL, fn, data };
  native_loop_fn *f = (native_loop_fn *) native_entry (which);

  f (implicit_task, &c, num_threads, start, end, incr, chunk_size, flags);
}

static void
parallel_loop_runtime (int which, void (*fn) (void *), void *data,
		       unsigned num_threads, long start, long end, long incr,
		       unsigned flags)
{
  struct team_call c = { NULL, fn, data };
  native_loop_runtime_fn *f = (native_loop_runtime_fn *) native_entry (which);

  f (implicit_task, &c, num_threads, start, end, incr, flags);
}

GT_PUBLIC void
GOMP_parallel_loop_static (void (*fn) (void *), void *data,
			   unsigned num_threads, long start, long end,
			   long incr, long chunk_size, unsigned flags)
{
  parallel_loop (N_LOOP_STATIC, fn, data, num_threads, start, end, incr,
		 chunk_size, flags);
}

GT_PUBLIC void
GOMP_parallel_loop_dynamic (void (*fn) (void *), void *data,
			    unsigned num_threads, long start, long end,
			    long incr, long chunk_size, unsigned flags)
{
  parallel_loop (N_LOOP_DYNAMIC, fn, data, num_threads, start, end, incr,
		 chunk_size, flags);
}

GT_PUBLIC void
GOMP_parallel_loop_guided (void (*fn) (void *), void *data,
			   unsigned num_threads, long start, long end,
			   long incr, long chunk_size, unsigned flags)
{
  parallel_loop (N_LOOP_GUIDED, fn, data, num_threads, start, end, incr,
		 chunk_size, flags);
}

GT_PUBLIC void
GOMP_parallel_loop_nonmonotonic_dynamic (void (*fn) (void *), void *data,
					 unsigned num_threads, long start,
					 long end, long incr, long chunk_size,
					 unsigned flags)
{
  parallel_loop (N_LOOP_NONMONOTONIC_DYNAMIC, fn, data, num_threads, start,
		 end, incr, chunk_size, flags);
}

GT_PUBLIC void
GOMP_parallel_loop_nonmonotonic_guided (void (*fn) (void *), void *data,
					unsigned num_threads, long start,
					long end, long incr, long chunk_size,
					unsigned flags)
{
  parallel_loop (N_LOOP_NONMONOTONIC_GUIDED, fn, data, num_threads, start,
		 end, incr, chunk_size, flags);
}

GT_PUBLIC void
GOMP_parallel_loop_runtime (void (*fn) (void *), void *data,
			    unsigned num_threads, long start, long end,
			    long incr, unsigned flags)
{
  parallel_loop_runtime (N_LOOP_RUNTIME, fn, data, num_threads, start, end,
			 incr, flags);
}

GT_PUBLIC void
GOMP_parallel_loop_nonmonotonic_runtime (void (*fn) (void *), void *data,
					 unsigned num_threads, long start,
					 long end, long incr, unsigned flags)
{
  parallel_loop_runtime (N_LOOP_NONMONOTONIC_RUNTIME, fn, data, num_threads,
			 start, end, incr, flags);
}

GT_PUBLIC void
GOMP_parallel_loop_maybe_nonmonotonic_runtime (void (*fn) (void *),
					       void *data,
					       unsigned num_threads,
					       long start, long end, long incr,
					       unsigned flags)
{
  parallel_loop_runtime (N_LOOP_MAYBE_NONMONOTONIC_RUNTIME, fn, data,
			 num_threads, start, end, incr, flags);
}

GT_PUBLIC void
GOMP_parallel_sections (void (*fn) (void *), void *data,
			unsigned num_threads, unsigned count, unsigned flags)
{
  struct team_call c = { NULL, fn, data };
  native_sections_fn *f = (native_sections_fn *) native_entry (N_SECTIONS);

  f (implicit_task, &c, num_threads, count, flags);
}

GT_PUBLIC unsigned
GOMP_parallel_reductions (void (*fn) (void *), void *data,
			  unsigned num_threads, unsigned flags)
{
  struct team_call c = { *(void **) data, fn, data };
  native_reductions_fn *f
    = (native_reductions_fn *) native_entry (N_REDUCTIONS);

  return f (implicit_task, &c, num_threads, flags);
}
