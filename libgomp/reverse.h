/* reverse.h -- reverse offload: ancestor regions reached by code running
   on a device run on the host, with their map clauses translated from
   device to host addresses (reverse.c).

   reverse_offload, works on the host's memory itself (shared-mem.c).

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

#ifndef GT_REVERSE_H
#define GT_REVERSE_H

#include "devices.h"
#include "registry.h"
#include "requires.h"

struct gt_construct;

/* DEV (its lock held) loaded IMG: when the program requires
   reverse_offload, take the image's reverse-offload table from the
   plugin.  */
void gt_rev_image_loaded_locked (struct gt_device *dev,
				 struct gt_registered_image *img) GT_HIDDEN;

/* DEV (its lock held) unloads IMG: forget its table.  */
void gt_rev_image_unloaded_locked (struct gt_device *dev,
				   struct gt_registered_image *img)
  GT_HIDDEN;

/* Might the program have ancestor regions?  Its requires mask, when its
   images say it, tells.  */
static inline bool
gt_rev_possible (void)
{
  uint32_t mask = __atomic_load_n (&gt_requires_mask, __ATOMIC_RELAXED);
  return mask == 0 || (mask & GT_REQUIRES_REVERSE_OFFLOAD) != 0;
}

/* A slot for the ancestor regions of a region of an emulated device,
   which go to ANCESTOR (ARG, ...) (GOMPTARGET_PLUGIN_run_host_region_ancestor);
   0 when none is free.  gt_ancestor_slot_free gives it back.  */
unsigned gt_ancestor_slot_new (gt_ancestor_fn *ancestor, void *arg)
  GT_HIDDEN;
void gt_ancestor_slot_free (unsigned slot) GT_HIDDEN;

/* Serve a reverse-offload request of device DEVICE_NUM: the service
   GOMPTARGET_PLUGIN_target_rev (gomptarget-services.h).  */
void gt_rev_serve (int32_t device_num, uint64_t fn, uint64_t mapnum,
		   uint64_t devaddrs, uint64_t sizes, uint64_t kinds,
		   const struct gt_rev_copier *copier) GT_HIDDEN;

/* GOMP_target_ext (GT_DEVICE_HOST_FALLBACK, FN, ...) reached: when the
   calling thread runs code of a device and FN is a region of the
   program's images (and the program's requires mask, when known, has
   reverse_offload), FN is an ancestor region: send it to the host
   through the device (the region's ancestor slot) and return true; false
   when it is no such thing (an ordinary host fallback).  */
bool gt_ancestor_region (void (*fn) (void *), size_t mapnum, void **addrs,
			 size_t *sizes, unsigned short *kinds) GT_HIDDEN;

#endif /* GT_REVERSE_H */
