/* depend.h -- the dependences of the tasks a thread created, to decide
   which target tasks the device can order by itself (depend.c).

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

#ifndef GT_DEPEND_H
#define GT_DEPEND_H

#include "gomptarget-plugin.h"

#include <stdbool.h>

struct gt_device;

/* The predecessors, by GCC's depend array DEPEND (may be NULL), of a new
   task of the calling thread: if every one is a target task of DEV with a
   known completion event, store their events in EVENTS (room for MAX) and
   return how many (0: none); -1 if the device cannot order the new task
   by itself.  */
int gt_depend_device_preds (void **depend, struct gt_device *dev,
			    tgt_event_t *events, int max)
  __attribute__ ((visibility ("hidden")));

/* May a new task of the calling thread with GCC's depend array DEPEND
   (may be NULL) have a target task among its predecessors (true also
   where the table does not know)?  */
bool gt_depend_follows_target (void **depend)
  __attribute__ ((visibility ("hidden")));

/* Record a new target task with DEPEND: of device DEV and complete at
   event EV, or (DEV or EV NULL) left to the native runtime.  */
void gt_depend_record_target (void **depend, struct gt_device *dev,
			      tgt_event_t ev)
  __attribute__ ((visibility ("hidden")));

/* Record a new task with DEPEND that is complete already.  */
void gt_depend_record_done (void **depend)
  __attribute__ ((visibility ("hidden")));

/* Record a new task with DEPEND that is not a target task.  */
void gt_depend_record_other (void **depend)
  __attribute__ ((visibility ("hidden")));

/* The native runtime's GOMP_task (task-observer.c), for the target tasks
   this library creates.  */
void gt_native_task (void (*fn) (void *), void *data,
		     void (*cpyfn) (void *, void *), long arg_size,
		     long arg_align, _Bool if_clause, unsigned flags,
		     void **depend, int priority, void *detach)
  __attribute__ ((visibility ("hidden")));

#endif /* GT_DEPEND_H */
