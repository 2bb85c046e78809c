/* images.h -- what a device does with a registered image when it loads
   and unloads it (images.c), and the device ICV variable of an image
   (icv-device.c).

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

#ifndef GT_IMAGES_H
#define GT_IMAGES_H

#include "devices.h"
#include "registry.h"

/* DEV (its lock held; gt_registry_lock too, at its initialisation)
   loaded IMG, whose entries are in TABLE: map its declare target
   variables for good, fill its ICV variable if the plugin returned one,
   and note the load for unloading.  */
void gt_image_loaded_locked (struct gt_device *dev,
			     struct gt_registered_image *img,
			     __tgt_target_table *table) GT_HIDDEN;

/* Unload IMG, no longer registered, from every device that loaded it
   (their locks and gt_registry_lock not held).  */
void gt_image_unload (struct gt_registered_image *img) GT_HIDDEN;

/* Write the ICVs of DEV (its lock held) into the ICV variable of an image
   it loaded, entry E of the table load_binary returned (flagged
   GT_OFFLOAD_ENTRY_ICVS; its size says which GCC's).  */
void gt_fill_image_icvs (struct gt_device *dev,
			 const __tgt_offload_entry *e) GT_HIDDEN;

#endif /* GT_IMAGES_H */
