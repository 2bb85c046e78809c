/* lifecycle.h -- the life of devices and images: a device's
   initialisation and teardown and the resolving of a device number
   (device-lifecycle.c), what a device does with a registered image when
   it loads and unloads it (images.c), and the front end across fork ()
   (fork.c); lifecycle floor.

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

#ifndef GT_LIFECYCLE_H
#define GT_LIFECYCLE_H

#include "devices.h"
#include "registry.h"

/* Resolve a device argument of a GOMP_target* entry point or an omp_*
   routine to a ready device, initialising it on first use; NULL means
   the construct runs on the host.  Applies OMP_TARGET_OFFLOAD.  */
struct gt_device *gt_resolve_device (int device_num) GT_HIDDEN;

/* Load image IMG, just registered, onto the devices initialised already
   that accept it (gt_registry_lock not held).  */
void gt_devices_image_registered (struct gt_registered_image *img)
  GT_HIDDEN;

/* Initialise DEV if needed; DEV's lock must be held.  */
bool gt_device_ready_locked (struct gt_device *dev) GT_HIDDEN;

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

/* What images.c reports to a floor above it (reverse offload): set once
   at startup (gt_images_on_load), before any image is loaded.  */
struct gt_image_hooks
{
  /* DEV (its lock held) loaded IMG; DEV (its lock held) unloads IMG.  */
  void (*loaded_locked) (struct gt_device *dev,
			 struct gt_registered_image *img);
  void (*unloaded_locked) (struct gt_device *dev,
			   struct gt_registered_image *img);
};

void gt_images_on_load (const struct gt_image_hooks *hooks) GT_HIDDEN;

/* Register FN, which the child process calls after fork () (fork.c), for
   the floor above (the region runner forgets its initial thread); set at
   startup.  */
void gt_fork_on_child (void (*fn) (void)) GT_HIDDEN;

#endif /* GT_LIFECYCLE_H */
