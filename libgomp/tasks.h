/* tasks.h -- target tasks handed to the native runtime (task.c) and the
   dependences the native runtime waits for (task-observer.c); tasks
   floor.

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

#ifndef GT_TASKS_H
#define GT_TASKS_H

#include "diagnostics.h"
#include "target.h"

/* Hand a nowait construct to the native runtime as a detached task with
   DEPEND; it runs gt_run_target_task and then fulfils its event.  */
void gt_target_task (enum gt_task_kind what, int device,
		     void (*fn) (void *), size_t mapnum, void **hostaddrs,
		     size_t *sizes, unsigned short *kinds, unsigned flags,
		     void **depend, void **args) GT_HIDDEN;

/* How deep the calling thread is in calls into the native runtime that
   may run sibling tasks while they wait for dependences (GOMP_task and
   GOMP_taskwait with depend clauses).  Both libgomp 12 and 14 take a
   detached task run there as complete when its body returns, so a
   target task's body run there waits for the device (task.c).  */
extern GT_TLS int gt_dep_wait_depth GT_HIDDEN;

/* How deep the calling thread is in calls of the native GOMP_task (and
   GOMP_taskloop), which outside any team run the task's body before they
   return, and, in a team, in the native runtime's waits and barriers,
   which may run other tasks' bodies (task-observer.c).  */
extern GT_TLS int gt_task_depth GT_HIDDEN;

/* The native runtime's level (omp_get_level) of the implicit task that
   the calling thread runs through GOMP_parallel (task-team.c), or -1:
   there its target tasks may be kept off the native runtime
   (task-free.c).  */
extern GT_TLS int gt_team_level GT_HIDDEN;

/* Outside any team of the native runtime, or in the implicit task of a
   team started through task-team.c (task-free.c): queue the nowait
   construct on its device at once and keep it pending on this thread;
   false elsewhere (or where the device cannot queue work, or, in a team,
   a host task may come before it), for gt_target_task to hand it to the
   native runtime.  */
bool gt_free_target_task (enum gt_task_kind what, int device,
			  void (*fn) (void *), size_t mapnum,
			  void **hostaddrs, size_t *sizes,
			  unsigned short *kinds, unsigned flags,
			  void **depend, void **args) GT_HIDDEN;

/* Wait for the calling thread's pending target tasks of gt_free_target_
   task met at least MIN_DEPTH deep in tasks (all: 0); none in the code of
   a region the thread runs for a device.  */
void gt_free_tasks_wait (int min_depth) GT_HIDDEN;

/* Has the calling thread pending target tasks of gt_free_target_task?  */
bool gt_free_tasks_pending (void) GT_HIDDEN;

/* Before a new task or a wait with GCC's depend array DEPEND: wait for
   them all if it may follow one of them (depend.c).  */
void gt_free_tasks_wait_before (void **depend) GT_HIDDEN;

/* The native runtime's omp_get_level for the calling thread, or -1 if
   it has none.  */
int gt_native_level (void) GT_HIDDEN;

/* How many target tasks gt_free_target_task kept pending on the calling
   thread so far.  */
extern GT_TLS unsigned long gt_free_tasks_met GT_HIDDEN;

#endif /* GT_TASKS_H */
