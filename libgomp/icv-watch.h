/* icv-watch.h -- the count of the program's calls that may change the
   native runtime's ICVs (icv-watch.c); base floor.

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

#ifndef GT_ICV_WATCH_H
#define GT_ICV_WATCH_H

#include "diagnostics.h"

/* A count of the calls that may have changed the native runtime's ICVs
   of some thread (icv-watch.c), and gt_icv_changed to count one more.
   gt_icv_watch_ready: whether the count sees the program's calls.  */
extern unsigned long gt_icv_changes GT_HIDDEN;
void gt_icv_changed (void) GT_HIDDEN;
bool gt_icv_watch_ready (void) GT_HIDDEN;

/* A count, per thread, of the calls that changed the calling thread's
   ICVs alone: the start of a teams construct, which each region run on
   the host device makes.  Counted apart, so that threads launching
   regions at once do not share a count that each of them writes.  */
extern GT_TLS unsigned long gt_icv_thread_changes GT_HIDDEN;

static inline void
gt_icv_thread_changed (void)
{
  gt_icv_thread_changes++;
}

#endif /* GT_ICV_WATCH_H */
