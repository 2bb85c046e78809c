/* device-api.c -- the OpenMP device routines: device numbers and the
   default device, omp_target_alloc/free/is_present, omp_target_memcpy
   and memcpy_rect (their asynchronous forms are in memcpy-async.c),
   omp_target_associate/disassociate_ptr, and OpenMP 5.1's
   omp_get_mapped_ptr and omp_target_is_accessible.

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

#include "devices.h"
#include "device-calls.h"
#include "env.h"
#include "context.h"
#include "icv-device.h"
#include "lifecycle.h"
#include "mapping.h"
#include "shared-mem.h"
#include "gomp-map-kinds.h"
#include "entry-points.h"
#include "device-api.h"
#include "transfer.h"

#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

GT_PUBLIC int
omp_get_num_devices (void)
{
  return gt_init_devices ();
}

GT_PUBLIC int
omp_get_initial_device (void)
{
  return gt_init_devices ();
}

GT_PUBLIC int
omp_is_initial_device (void)
{
  return gt_context_device () < 0;
}

GT_PUBLIC int
omp_get_device_num (void)
{
  int d = gt_context_device ();
  return d >= 0 ? d : gt_init_devices ();
}

GT_PUBLIC void
omp_set_default_device (int device_num)
{
  gt_set_default_device (device_num);
}

GT_PUBLIC int
omp_get_default_device (void)
{
  return gt_default_device ();
}

/* Resolve DEVICE_NUM for a memory routine: true with *DEV NULL for the
   initial device (omp_initial_device or omp_get_initial_device ()) and
   for a device that shares the host's memory, true with a ready device,
   false for a bad number.  omp_invalid_device is fatal, as in libgomp.  */
bool
gt_api_device (int device_num, struct gt_device **dev)
{
  int n = gt_init_devices ();

  *dev = NULL;
  if (device_num == n || device_num == GT_DEVICE_INITIAL)
    return true;
  if (device_num == GT_DEVICE_INVALID)
    gt_fatal ("omp_invalid_device encountered");
  if (device_num < 0 || device_num > n)
    {
      gt_debug ("device number %d is not valid (%d device(s))", device_num,
		n);
      return false;
    }
  *dev = gt_resolve_device (device_num);
  if (*dev == NULL)
    return false;
  *dev = gt_mapping_device (*dev);
  return true;
}

GT_PUBLIC void *
omp_target_alloc (size_t size, int device_num)
{
  struct gt_device *dev;
  void *p;

  if (size == 0 || !gt_api_device (device_num, &dev))
    return NULL;
  if (dev == NULL)
    return malloc (size);
  p = gt_dev_try_alloc (dev, size);
  gt_debug ("omp_target_alloc: %zu bytes on device %d at %p", size, dev->id,
	    p);
  if (p != NULL)
    gt_api_alloc_note (dev, p, size);
  return p;
}

GT_PUBLIC void
omp_target_free (void *device_ptr, int device_num)
{
  struct gt_device *dev;

  if (device_ptr == NULL || !gt_api_device (device_num, &dev))
    return;
  if (dev == NULL)
    free (device_ptr);
  else
    {
      gt_api_alloc_forget (dev, device_ptr);
      gt_dev_free (dev, device_ptr);
    }
}

GT_PUBLIC int
omp_target_is_present (const void *ptr, int device_num)
{
  struct gt_device *dev;
  uintptr_t p = (uintptr_t) ptr;
  int present;

  if (ptr == NULL)
    return 1;
  if (!gt_api_device (device_num, &dev))
    return 0;
  if (dev == NULL)
    return 1;
  gt_device_lock (dev);
  present = gt_splay_lookup (&dev->mem_map, p, p + 1) != NULL;
  gt_device_unlock (dev);
  return present;
}

/* Copy LEN bytes between any two of the host and the devices.  */
int
gt_copy_between (struct gt_device *dst_dev, void *dst,
		 struct gt_device *src_dev, const void *src, size_t len)
{
  if (len == 0)
    return 0;
  if (dst_dev == NULL && src_dev == NULL)
    {
      memmove (dst, src, len);
      return 0;
    }
  if (src_dev == NULL)
    return gt_dev_try_copy_to (dst_dev, dst, src, len) ? 0 : EINVAL;
  if (dst_dev == NULL)
    return gt_dev_try_copy_from (src_dev, dst, src, len) ? 0 : EINVAL;
  if (gt_dev_can_exchange (dst_dev, src_dev))
    return gt_dev_try_exchange (dst_dev, dst, src_dev, src, len) ? 0 : EINVAL;
  /* Through the host.  */
  void *bounce = malloc (len);
  int ret = EINVAL;
  if (bounce != NULL
      && gt_dev_try_copy_from (src_dev, bounce, src, len)
      && gt_dev_try_copy_to (dst_dev, dst, bounce, len))
    ret = 0;
  free (bounce);
  return ret;
}

GT_PUBLIC int
omp_target_memcpy (void *dst, const void *src, size_t length,
		   size_t dst_offset, size_t src_offset, int dst_device_num,
		   int src_device_num)
{
  struct gt_device *dst_dev, *src_dev;

  if (!gt_api_device (dst_device_num, &dst_dev)
      || !gt_api_device (src_device_num, &src_dev))
    return EINVAL;
  if (length && (dst == NULL || src == NULL))
    return EINVAL;
  if (!gt_api_memcpy_fits (dst, src, length, dst_offset, src_offset,
			   dst_dev, src_dev, "omp_target_memcpy"))
    return EINVAL;
  return gt_copy_between (dst_dev, (char *) dst + dst_offset, src_dev,
			  (const char *) src + src_offset, length);
}

struct gt_xfer *
gt_copy_xfer (struct gt_device *dst_dev, struct gt_device *src_dev)
{
  struct gt_device *dev = dst_dev ? dst_dev : src_dev;
  struct gt_xfer *x;

  if (dev == NULL || (dst_dev != NULL && src_dev != NULL) || !dev->async)
    return NULL;
  x = gt_xfer_thread (dev);
  return x ? x : gt_xfer_new (dev, 0, NULL, false);
}

int
gt_copy_xfer_end (struct gt_xfer *x)
{
  bool ok = gt_xfer_wait (x);

  gt_xfer_end (x);
  return ok ? 0 : EINVAL;
}

/* gt_copy_between, queued on X (NULL: at once) when one side is X's
   device and the other the host.  */
static int
copy_queued (struct gt_xfer *x, struct gt_device *dst_dev, void *dst,
	     struct gt_device *src_dev, const void *src, size_t len)
{
  if (x != NULL && len > 0)
    {
      if (dst_dev == x->dev && src_dev == NULL)
	{
	  gt_xfer_to (x, dst, src, len);
	  return 0;
	}
      if (src_dev == x->dev && dst_dev == NULL)
	{
	  gt_xfer_from (x, dst, src, len);
	  return 0;
	}
    }
  return gt_copy_between (dst_dev, dst, src_dev, src, len);
}

/* Copy a 2-D or 3-D sub-volume with the plugin's data_copy_rect; false
   when it cannot (the caller then copies row by row).  */
static bool
rect_by_plugin (struct gt_device *dst_dev, char *dst,
		struct gt_device *src_dev, const char *src,
		size_t element_size, int num_dims, const size_t *volume,
		const size_t *dst_offsets, const size_t *src_offsets,
		const size_t *dst_dims, const size_t *src_dims)
{
  gt_rect_copy r;
  int k = 3 - num_dims, d;

  memset (&r, 0, sizeof r);
  r.dst = dst;
  r.src = src;
  r.depth = r.height = 1;
  r.dst_height = r.src_height = 1;
  /* The innermost dimension in bytes.  */
  if (__builtin_mul_overflow (volume[num_dims - 1], element_size, &r.width)
      || __builtin_mul_overflow (dst_dims[num_dims - 1], element_size,
				 &r.dst_pitch)
      || __builtin_mul_overflow (src_dims[num_dims - 1], element_size,
				 &r.src_pitch)
      || __builtin_mul_overflow (dst_offsets[num_dims - 1], element_size,
				 &r.dst_offset[2])
      || __builtin_mul_overflow (src_offsets[num_dims - 1], element_size,
				 &r.src_offset[2]))
    return false;
  for (d = 0; d < num_dims - 1; d++)
    {
      r.dst_offset[k + d] = dst_offsets[d];
      r.src_offset[k + d] = src_offsets[d];
    }
  r.height = volume[num_dims - 2];
  if (num_dims == 3)
    {
      r.depth = volume[0];
      r.dst_height = dst_dims[1];
      r.src_height = src_dims[1];
    }
  return gt_dev_try_copy_rect (dst_dev, src_dev, &r);
}

/* Copy a NUM_DIMS-dimensional sub-volume, one dimension at a time.  */
int
gt_copy_rect (struct gt_xfer *x, struct gt_device *dst_dev, char *dst,
	      struct gt_device *src_dev, const char *src, size_t element_size,
	      int num_dims, const size_t *volume, const size_t *dst_offsets,
	      const size_t *src_offsets, const size_t *dst_dims,
	      const size_t *src_dims)
{
  size_t dst_slice = element_size, src_slice = element_size, i;
  int d, ret;

  for (d = 1; d < num_dims; d++)
    {
      if (__builtin_mul_overflow (dst_slice, dst_dims[d], &dst_slice)
	  || __builtin_mul_overflow (src_slice, src_dims[d], &src_slice))
	return EINVAL;
    }
  /* 2-D and 3-D copies with a device: by the plugin at once if it can.  */
  if ((num_dims == 2 || num_dims == 3) && (dst_dev || src_dev)
      && rect_by_plugin (dst_dev, dst, src_dev, src, element_size, num_dims,
			 volume, dst_offsets, src_offsets, dst_dims,
			 src_dims))
    return 0;
  if (num_dims == 1)
    {
      size_t len, doff, soff;
      if (__builtin_mul_overflow (element_size, volume[0], &len)
	  || __builtin_mul_overflow (element_size, dst_offsets[0], &doff)
	  || __builtin_mul_overflow (element_size, src_offsets[0], &soff))
	return EINVAL;
      return copy_queued (x, dst_dev, dst + doff, src_dev, src + soff, len);
    }
  for (i = 0; i < volume[0]; i++)
    {
      ret = gt_copy_rect (x, dst_dev,
			  dst + dst_slice * (dst_offsets[0] + i), src_dev,
			  src + src_slice * (src_offsets[0] + i),
			  element_size, num_dims - 1, volume + 1,
			  dst_offsets + 1, src_offsets + 1, dst_dims + 1,
			  src_dims + 1);
      if (ret)
	return ret;
    }
  return 0;
}

GT_PUBLIC int
omp_target_memcpy_rect (void *dst, const void *src, size_t element_size,
			int num_dims, const size_t *volume,
			const size_t *dst_offsets, const size_t *src_offsets,
			const size_t *dst_dimensions,
			const size_t *src_dimensions, int dst_device_num,
			int src_device_num)
{
  struct gt_device *dst_dev, *src_dev;
  struct gt_xfer *x;
  int ret;

  /* The query form: how many dimensions are supported.  */
  if (dst == NULL && src == NULL)
    return INT_MAX;
  if (dst == NULL || src == NULL || num_dims < 1 || volume == NULL
      || dst_offsets == NULL || src_offsets == NULL
      || dst_dimensions == NULL || src_dimensions == NULL)
    return EINVAL;
  if (!gt_api_device (dst_device_num, &dst_dev)
      || !gt_api_device (src_device_num, &src_dev))
    return EINVAL;
  if (!gt_api_rect_fits (dst_dev, dst, element_size, num_dims, volume,
			 dst_offsets, dst_dimensions, "omp_target_memcpy_rect")
      || !gt_api_rect_fits (src_dev, src, element_size, num_dims, volume,
			    src_offsets, src_dimensions,
			    "omp_target_memcpy_rect"))
    return EINVAL;
  /* The rows between a device and the host are queued, then waited for
     once.  */
  x = gt_copy_xfer (dst_dev, src_dev);
  ret = gt_copy_rect (x, dst_dev, dst, src_dev, src, element_size, num_dims,
		      volume, dst_offsets, src_offsets, dst_dimensions,
		      src_dimensions);
  if (x != NULL)
    {
      int wait = gt_copy_xfer_end (x);
      if (ret == 0)
	ret = wait;
    }
  return ret;
}

GT_PUBLIC int
omp_target_associate_ptr (const void *host_ptr, const void *device_ptr,
			  size_t size, size_t device_offset, int device_num)
{
  struct gt_device *dev;
  int ret;

  if (!gt_api_device (device_num, &dev) || dev == NULL || host_ptr == NULL)
    return EINVAL;
  gt_device_lock (dev);
  ret = gt_associate_locked (dev, (uintptr_t) host_ptr,
			     (uintptr_t) device_ptr + device_offset, size);
  gt_device_unlock (dev);
  return ret;
}

GT_PUBLIC int
omp_target_disassociate_ptr (const void *ptr, int device_num)
{
  struct gt_device *dev;
  int ret;

  if (!gt_api_device (device_num, &dev) || dev == NULL)
    return EINVAL;
  gt_device_lock (dev);
  ret = gt_disassociate_locked (dev, (uintptr_t) ptr);
  gt_device_unlock (dev);
  return ret;
}

GT_PUBLIC void *
omp_get_mapped_ptr (const void *ptr, int device_num)
{
  struct gt_device *dev;
  uintptr_t p = (uintptr_t) ptr;
  struct gt_key *k;
  void *ret = NULL;

  if (device_num == GT_DEVICE_INITIAL || device_num == gt_init_devices ())
    return (void *) ptr;
  if (!gt_api_device (device_num, &dev))
    return NULL;
  if (dev == NULL)
    return (void *) ptr;
  gt_device_lock (dev);
  /* As a zero-length section: [P, P+1) mapped.  */
  k = gt_splay_lookup (&dev->mem_map, p, p + 1);
  if (k != NULL)
    ret = (void *) gt_key_translate (k, p);
  gt_device_unlock (dev);
  return ret;
}

GT_PUBLIC int
omp_target_is_accessible (const void *ptr, size_t size, int device_num)
{
  struct gt_device *dev;

  (void) ptr;
  (void) size;
  /* Host memory is accessible from the host, and from a device in
     shared-memory mode; a device with memory of its own, as the emulated
     device normally is, reaches it only through mappings.  */
  if (!gt_api_device (device_num, &dev))
    return 0;
  return dev == NULL;
}

/* The host is paused through the native runtime, which owns its threads;
   the devices here hold nothing that pausing would release.  */
static int
pause_host (omp_pause_resource_t kind)
{
  int (*native_pause_all) (omp_pause_resource_t)
    = (int (*) (omp_pause_resource_t))
      gt_native_symbol ("omp_pause_resource_all");
  return native_pause_all ? native_pause_all (kind) : -1;
}

GT_PUBLIC int
omp_pause_resource (omp_pause_resource_t kind, int device_num)
{
  int n = gt_init_devices ();

  if (device_num == n || device_num == GT_DEVICE_INITIAL)
    return pause_host (kind);
  if (device_num == GT_DEVICE_INVALID)
    gt_fatal ("omp_invalid_device encountered");
  if (device_num < 0 || device_num > n)
    return -1;
  return 0;
}

GT_PUBLIC int
omp_pause_resource_all (omp_pause_resource_t kind)
{
  return pause_host (kind);
}
