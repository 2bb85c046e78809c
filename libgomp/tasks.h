/* tasks.h -- the initial thread of host-code regions (runner.c) and
   target tasks handed to the native runtime (task.c, target.c).

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
#include "gomptarget-plugin.h"

struct gt_device;

/* Run FN (ARG) on a fresh initial thread of the native runtime, with
   THREAD_LIMIT (if > 0; INT_MAX: none) as its thread-limit-var instead of
   the host's; return when it is done.  */
void gt_run_on_initial_thread (void (*fn) (void *), void *arg,
			       int thread_limit) GT_HIDDEN;
/* In a child process made by fork (): the calling thread's initial
   thread stayed in the parent; the next region makes a new one.  */
void gt_runner_after_fork (void) GT_HIDDEN;

enum gt_task_kind
{
  GT_TASK_REGION,
  GT_TASK_UPDATE,
  GT_TASK_ENTER_EXIT_DATA
};

/* Hand a nowait construct to the native runtime as a detached task with
   DEPEND; it runs gt_run_target_task and then fulfils its event.  */
void gt_target_task (enum gt_task_kind what, int device,
		     void (*fn) (void *), size_t mapnum, void **hostaddrs,
		     size_t *sizes, unsigned short *kinds, unsigned flags,
		     void **depend, void **args) GT_HIDDEN;

/* A nowait construct queued on its device (target.c).  */
struct gt_queued;

/* Queue the work of construct WHAT on DEV behind the NDEPS events DEPS,
   without waiting for it; NULL if it is done already (a region DEV has
   no code for runs on the host).  With CALLBACKS, its completion is
   followed through completion notices and reported to the native
   runtime through gt_queued_complete; else gt_queued_wait finishes it.  */
struct gt_queued *gt_queue_target_construct (enum gt_task_kind what,
					     struct gt_device *dev,
					     void (*fn) (void *),
					     size_t mapnum, void **hostaddrs,
					     size_t *sizes,
					     unsigned short *kinds,
					     unsigned flags, void **args,
					     int ndeps, tgt_event_t *deps,
					     bool callbacks) GT_HIDDEN;

/* The event of the completion of Q's work: what later work queued behind
   it on the device waits for.  */
tgt_event_t gt_queued_event (struct gt_queued *q) GT_HIDDEN;

/* Fulfil the native EVENT once Q is complete (perhaps at once).  */
void gt_queued_complete (struct gt_queued *q, void *event) GT_HIDDEN;

/* Without callbacks: finish Q on this thread, waiting for the device (a
   failure is fatal).  */
void gt_queued_wait (struct gt_queued *q) GT_HIDDEN;

/* With callbacks: wait until Q is complete and its completion notice
   has been taken, then fulfil EVENT, all before returning.  */
void gt_queued_complete_now (struct gt_queued *q, void *event) GT_HIDDEN;

/* How deep the calling thread is in calls into the native runtime that
   may run sibling tasks while they wait for dependences (GOMP_task and
   GOMP_taskwait with depend clauses).  Both libgomp 12 and 14 take a
   detached task run there as complete when its body returns, so a
   target task's body run there waits for the device (task.c).  */
extern GT_TLS int gt_dep_wait_depth GT_HIDDEN;

/* Run a construct as the body of a target task.  */
void gt_run_target_task (enum gt_task_kind what, int device,
			 void (*fn) (void *), size_t mapnum, void **hostaddrs,
			 size_t *sizes, unsigned short *kinds, unsigned flags,
			 void **args) GT_HIDDEN;

#endif /* GT_TASKS_H */
