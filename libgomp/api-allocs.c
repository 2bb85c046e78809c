/* api-allocs.c -- the device memory that omp_target_alloc gave out, by
   device address, so that omp_target_memcpy and its rectangular and
   asynchronous forms refuse a copy that runs past the end of such an
   allocation instead of writing over whatever lies behind it (on the
   emulated device: the host's heap).  Each allocation is a key of its
   device's api_allocs tree, whose "host" bounds are here device
   addresses; a lookup is a splay of that tree, under the device's lock,
   and only these routines use it.

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


#include "device-api.h"
#include "mapping.h"

#include <stdlib.h>

void
gt_api_alloc_note (struct gt_device *dev, void *ptr, size_t size)
{
  struct gt_key *k = gt_calloc (1, sizeof *k);

  k->node.host_start = (uintptr_t) ptr;
  k->node.host_end = (uintptr_t) ptr + size;
  k->dev_addr = (uintptr_t) ptr;
  gt_device_lock (dev);
  gt_splay_insert (&dev->api_allocs, k, k->dev_addr, 0);
  gt_device_unlock (dev);
}

void
gt_api_alloc_forget (struct gt_device *dev, void *ptr)
{
  uintptr_t p = (uintptr_t) ptr;
  struct gt_key *k;

  gt_device_lock (dev);
  k = dev->api_allocs.count ? gt_splay_lookup (&dev->api_allocs, p, p + 1)
			    : NULL;
  if (k != NULL && GT_KEY_START (k) == p)
    gt_splay_remove (&dev->api_allocs, k);
  else
    k = NULL;
  gt_device_unlock (dev);
  free (k);
}

bool
gt_api_copy_fits (struct gt_device *dev, const void *base, size_t first,
		  size_t end, const char *what)
{
  uintptr_t b = (uintptr_t) base;
  struct gt_key *k;
  bool fits = true;

  if (dev == NULL || first >= end)
    return true;
  gt_device_lock (dev);
  k = dev->api_allocs.count ? gt_splay_lookup (&dev->api_allocs, b, b + 1)
			    : NULL;
  if (k != NULL && end > GT_KEY_END (k) - b)
    {
      fits = false;
      gt_debug ("%s: bytes %zu to %zu from %p on device %d run past the "
		"end of its allocation of %zu bytes at %p; nothing copied",
		what, first, end, base, dev->id,
		(size_t) (GT_KEY_END (k) - GT_KEY_START (k)),
		(void *) GT_KEY_START (k));
    }
  gt_device_unlock (dev);
  return fits;
}

bool
gt_api_rect_fits (struct gt_device *dev, const void *base,
		  size_t element_size, int num_dims, const size_t *volume,
		  const size_t *offsets, const size_t *dims, const char *what)
{
  size_t stride = element_size, first = 0, last = 0, a, b;
  int d;

  if (dev == NULL)
    return true;
  for (d = num_dims - 1; d >= 0; d--)
    {
      if (volume[d] == 0)
	return true;
      /* The first and the last element of the sub-volume.  */
      if (__builtin_mul_overflow (offsets[d], stride, &a)
	  || __builtin_add_overflow (first, a, &first)
	  || __builtin_mul_overflow (offsets[d] + volume[d] - 1, stride, &b)
	  || offsets[d] + volume[d] - 1 < offsets[d]
	  || __builtin_add_overflow (last, b, &last)
	  || (d > 0 && __builtin_mul_overflow (stride, dims[d], &stride)))
	return false;
    }
  if (__builtin_add_overflow (last, element_size, &last))
    return false;
  return gt_api_copy_fits (dev, base, first, last, what);
}

bool
gt_api_memcpy_fits (const void *dst, const void *src, size_t length,
		    size_t dst_offset, size_t src_offset,
		    struct gt_device *dst_dev, struct gt_device *src_dev,
		    const char *what)
{
  size_t dst_end, src_end;

  if (length == 0)
    return true;
  if (__builtin_add_overflow (dst_offset, length, &dst_end)
      || __builtin_add_overflow (src_offset, length, &src_end))
    return false;
  return gt_api_copy_fits (dst_dev, dst, dst_offset, dst_end, what)
	 && gt_api_copy_fits (src_dev, src, src_offset, src_end, what);
}
