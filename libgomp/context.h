/* context.h -- which device a host thread executes a region for, and the
   default-device-var the thread set (context.c); base floor.

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

#ifndef GT_CONTEXT_H
#define GT_CONTEXT_H

#include "diagnostics.h"

/* The device whose region the calling thread started (a region on an
   emulated device runs on a host thread), or -1.  */
extern GT_TLS int gt_current_device GT_HIDDEN;

/* Enter and leave a region for DEVICE on this thread (context.c): the
   threads the region's parallel constructs start see it too.  */
int gt_context_enter (int device) GT_HIDDEN;
void gt_context_leave (int saved) GT_HIDDEN;

/* As gt_context_enter, for a region whose ancestor regions go to slot
   REGION (reverse.c; 0: none, and so is a slot above
   GT_CONTEXT_MAX_REGION); gt_context_region gives it back on every
   thread of the region.  */
#define GT_CONTEXT_MAX_REGION 0x3fffu
int gt_context_enter_region (int device, unsigned region) GT_HIDDEN;
unsigned gt_context_region (void) GT_HIDDEN;

/* The device this thread executes a region for, or -1 for the host.  */
int gt_context_device (void) GT_HIDDEN;

/* Does the calling thread run the code of a region for a device (one it
   started, or a thread of that region's parallel constructs)?  */
static inline bool
gt_in_device_region (void)
{
  return gt_current_device >= 0 || gt_context_device () >= 0;
}

/* Make the calling thread the host's for a while (an ancestor region
   inside a region on a device), returning what it ran for (-1 if
   nothing: the host's); gt_context_resume gives it back.  */
int gt_context_suspend (void) GT_HIDDEN;
void gt_context_resume (int device) GT_HIDDEN;

/* The native runtime's definition of NAME (one this library overrides),
   or NULL.  */
void *gt_native_symbol (const char *name) GT_HIDDEN;

/* The default-device-var the calling thread set (gt_set_default_device;
   gt_save_default_device and gt_restore_default_device keep and give it
   back), if GT_THREAD_DEFAULT_DEVICE_SET.  gt_default_device
   (icv-device.h) reads it.  */
extern GT_TLS int gt_thread_default_device GT_HIDDEN;
extern GT_TLS bool gt_thread_default_device_set GT_HIDDEN;
void gt_set_default_device (int device_num) GT_HIDDEN;

/* Inline: the launch path keeps and gives back this thread's setting
   around every region it runs in place.  */
static inline void
gt_save_default_device (int *value, bool *set)
{
  *value = gt_thread_default_device;
  *set = gt_thread_default_device_set;
}

static inline void
gt_restore_default_device (int value, bool set)
{
  gt_thread_default_device = value;
  gt_thread_default_device_set = set;
}

#endif /* GT_CONTEXT_H */
