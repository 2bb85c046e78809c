/* requires.h -- the program's 'omp requires' mask, which GCC 13 and later
   put in front of each image's data, and what it asks of the devices
   (requires.c).

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

#ifndef GT_REQUIRES_H
#define GT_REQUIRES_H

#include "diagnostics.h"

#include <stdint.h>

/* The mask of the program (GT_REQUIRES_* of gomptarget-plugin.h), read
   and written under gt_registry_lock; 0 until an image with a mask is
   registered.  */
extern uint32_t gt_requires_mask GT_HIDDEN;

/* Merge MASK, the mask of an image being registered, into the program's;
   a conflict is fatal, with libgomp's wording.  gt_registry_lock held.  */
void gt_requires_register (uint32_t mask) GT_HIDDEN;

/* What the devices must honour: the program's mask without
   GT_REQUIRES_TARGET_USED.  */
uint32_t gt_requires_for_devices (void) GT_HIDDEN;

/* Write the names of the requirements of MASK, comma-separated, in BUF
   of SIZE bytes.  */
void gt_requires_name (char *buf, size_t size, uint32_t mask) GT_HIDDEN;

/* Decide whether the devices of plugin NAME (NAME_LEN characters), with
   capabilities *CAPS, which says it honours HONOURED, can be used for
   the program's requirements.  False, said under GOMP_DEBUG, when they
   cannot; true otherwise, with GT_CAP_SHARED_MEMORY added to *CAPS when
   they must run in shared-memory mode to honour them.  */
bool gt_requires_accept (const char *name, size_t name_len, uint32_t *caps,
			 uint64_t honoured) GT_HIDDEN;

#endif /* GT_REQUIRES_H */
