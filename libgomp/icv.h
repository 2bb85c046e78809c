/* icv.h -- the ICVs this library owns and the environment that sets them
   (env.c), and which device a host thread executes a region for
   (context.c).

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

#ifndef GT_ICV_H
#define GT_ICV_H

#include "diagnostics.h"

enum gt_offload_policy
{
  GT_OFFLOAD_DEFAULT,
  GT_OFFLOAD_MANDATORY,
  GT_OFFLOAD_DISABLED
};

struct gt_icvs
{
  enum gt_offload_policy target_offload;
  int default_device;		/* Initial default-device-var.  */
  const char *plugins;		/* GOMPTARGET_PLUGINS or the default.  */
  const char *plugin_path;	/* GOMPTARGET_PLUGIN_PATH or NULL.  */
};

extern struct gt_icvs gt_icvs GT_HIDDEN;

/* target-offload-var from OMP_TARGET_OFFLOAD (a warning if malformed):
   read once at startup, and by fuzz/fuzz-env.c.  */
void gt_read_target_offload (void) GT_HIDDEN;

/* The default-device-var of the calling thread.  */
int gt_default_device (void) GT_HIDDEN;
void gt_set_default_device (int device_num) GT_HIDDEN;
void gt_save_default_device (int *value, bool *set) GT_HIDDEN;
void gt_restore_default_device (int value, bool set) GT_HIDDEN;

/* The default-device-var of device DEVICE_NUM (icv-device.c).  */
int gt_device_default_device (int device_num) GT_HIDDEN;

struct gt_device;

/* Turn NUM_TEAMS and THREAD_LIMIT, as GCC's GOMP_target_ext arguments give
   them, into what the plugin of DEV launches with (icv-device.c):
   NUM_TEAMS -2 (GCC 13 and later: no teams construct) is one team; 0 (a
   teams construct without num_teams) DEV's nteams-var, or 0 (the
   plugin's choice) when it is not set; other values below 1 are 0; and a
   THREAD_LIMIT of 0 (no clause) DEV's teams-thread-limit-var for a teams
   construct on a GPU, else DEV's thread-limit-var, or 0 (the plugin's
   choice; no limit on a device that runs host code) when not set.  */
void gt_device_launch_icvs (struct gt_device *dev, int *num_teams,
			    int *thread_limit) GT_HIDDEN;

/* A count of the calls that may have changed the native runtime's ICVs
   of some thread (icv-watch.c), and gt_icv_changed to count one more.
   gt_icv_watch_ready: whether the count sees the program's calls.  */
extern unsigned long gt_icv_changes GT_HIDDEN;
void gt_icv_changed (void) GT_HIDDEN;
bool gt_icv_watch_ready (void) GT_HIDDEN;

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

/* Make the calling thread the host's for a while (an ancestor region
   inside a region on a device), returning what it ran for (-1 if
   nothing: the host's); gt_context_resume gives it back.  */
int gt_context_suspend (void) GT_HIDDEN;
void gt_context_resume (int device) GT_HIDDEN;

/* The native runtime's definition of NAME (one this library overrides),
   or NULL.  */
void *gt_native_symbol (const char *name) GT_HIDDEN;

#endif /* GT_ICV_H */
