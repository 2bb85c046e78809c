/* gt-once.h -- gt_once, pthread_once with a fast path after the first
   call, which Helgrind and DRD understand.

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

#ifndef GT_COMMON_ONCE_H
#define GT_COMMON_ONCE_H

#include <pthread.h>
#include <stdbool.h>
#include <stddef.h>

#include "gt-common.h"
#include "gt-valgrind.h"

/* pthread_once (ONCE, FN), the slow path of gt_once; with the
   annotations, FN's work is told to happen before ONCE's return.  */
#ifdef GT_VALGRIND_ANNOTATIONS
void gt_once_run (pthread_once_t *once, void (*fn) (void)) GT_COMMON_HIDDEN;
#else
static inline void
gt_once_run (pthread_once_t *once, void (*fn) (void))
{
  pthread_once (once, fn);
}
#endif

/* Run FN once in the process, as pthread_once (ONCE, FN); DONE, when not
   NULL, a flag set after it, so that later calls take no call at all.
   What FN did is seen by the caller, and Helgrind and DRD are told so
   (they do not understand pthread_once).  */
static inline void
gt_once (pthread_once_t *once, bool *done, void (*fn) (void))
{
  if (done == NULL
      || __builtin_expect (!__atomic_load_n (done, __ATOMIC_ACQUIRE), 0))
    {
      gt_once_run (once, fn);
      if (done != NULL)
	{
	  GT_ANNOTATE_ATOMIC (done);
	  __atomic_store_n (done, true, __ATOMIC_RELEASE);
	}
    }
  GT_ANNOTATE_HAPPENS_AFTER (once);
}

#endif /* GT_COMMON_ONCE_H */
