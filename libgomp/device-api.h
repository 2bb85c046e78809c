/* device-api.h -- what the device routines of device-api.c share with
   their asynchronous forms (memcpy-async.c).

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

#ifndef GT_DEVICE_API_H
#define GT_DEVICE_API_H

#include "devices.h"

/* Resolve DEVICE_NUM of a device routine: true with *DEV NULL for the
   host (omp_initial_device, omp_get_initial_device (), and a device in
   shared-memory mode), true with a ready device, false for a number that
   names no usable device.  omp_invalid_device is fatal.  */
bool gt_api_device (int device_num, struct gt_device **dev) GT_HIDDEN;

/* Copy LEN bytes from SRC on SRC_DEV to DST on DST_DEV (NULL: the host);
   0 or EINVAL.  */
int gt_copy_between (struct gt_device *dst_dev, void *dst,
		     struct gt_device *src_dev, const void *src, size_t len)
  GT_HIDDEN;

struct gt_xfer;

/* The transfer (transfer.h) on which copies between DST_DEV and SRC_DEV
   are queued: one of a device whose plugin queues work, when the other
   side is the host; else NULL, and the copies are made at once.  End it
   with gt_copy_xfer_end, which waits for them: 0 or EINVAL.  */
struct gt_xfer *gt_copy_xfer (struct gt_device *dst_dev,
			      struct gt_device *src_dev) GT_HIDDEN;
int gt_copy_xfer_end (struct gt_xfer *x) GT_HIDDEN;

/* omp_target_memcpy_rect's copy, once its arguments are checked, each
   row queued on X (from gt_copy_xfer; NULL: at once); 0 or EINVAL.  */
int gt_copy_rect (struct gt_xfer *x, struct gt_device *dst_dev, char *dst,
		  struct gt_device *src_dev, const char *src,
		  size_t element_size, int num_dims, const size_t *volume,
		  const size_t *dst_offsets, const size_t *src_offsets,
		  const size_t *dst_dims, const size_t *src_dims) GT_HIDDEN;

/* The allocations of omp_target_alloc on DEV, by device address
   (api-allocs.c): note PTR's SIZE bytes; forget PTR (omp_target_free);
   whether bytes FIRST to END (excluded) from BASE on DEV lie inside the
   allocation that BASE points into, true when BASE is in none (or DEV is
   NULL, the host); false, with a GOMP_DEBUG line naming WHAT, when they
   run past its end.  */
void gt_api_alloc_note (struct gt_device *dev, void *ptr, size_t size)
  GT_HIDDEN;
void gt_api_alloc_forget (struct gt_device *dev, void *ptr) GT_HIDDEN;
bool gt_api_copy_fits (struct gt_device *dev, const void *base,
		       size_t first, size_t end, const char *what) GT_HIDDEN;
/* gt_api_copy_fits for both sides of omp_target_memcpy (DST + DST_OFFSET
   on DST_DEV, SRC + SRC_OFFSET on SRC_DEV, LENGTH bytes); false too when
   an end overflows.  */
bool gt_api_memcpy_fits (const void *dst, const void *src, size_t length,
			 size_t dst_offset, size_t src_offset,
			 struct gt_device *dst_dev, struct gt_device *src_dev,
			 const char *what) GT_HIDDEN;
/* As gt_api_copy_fits for the NUM_DIMS-dimensional sub-volume VOLUME at
   OFFSETS of the array of DIMS elements of ELEMENT_SIZE bytes at BASE
   (omp_target_memcpy_rect); false too when its extent overflows.  */
bool gt_api_rect_fits (struct gt_device *dev, const void *base,
		       size_t element_size, int num_dims,
		       const size_t *volume, const size_t *offsets,
		       const size_t *dims, const char *what) GT_HIDDEN;

#endif /* GT_DEVICE_API_H */
