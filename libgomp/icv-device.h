/* icv-device.h -- the ICVs of device scope (icv-device.c); devices
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

#ifndef GT_ICV_DEVICE_H
#define GT_ICV_DEVICE_H

#include "diagnostics.h"
#include "gomptarget-plugin.h"

/* The default-device-var of the calling thread: what it set, else in a
   region on a device that device's, else the host's.  */
int gt_default_device (void) GT_HIDDEN;

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

/* Write the ICVs of DEV (its lock held) into the ICV variable of an image
   it loaded, entry E of the table load_binary returned (flagged
   GT_OFFLOAD_ENTRY_ICVS; its size says which GCC's).  */
void gt_fill_image_icvs (struct gt_device *dev,
			 const __tgt_offload_entry *e) GT_HIDDEN;

#endif /* GT_ICV_DEVICE_H */
