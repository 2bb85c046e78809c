/* memcpy-async.c -- OpenMP 5.1's omp_target_memcpy_async and
   omp_target_memcpy_rect_async: the arguments are checked at once, as by
   the synchronous forms, whose errors they return; the copy is then a
   task of the native runtime, ordered after the tasks that the depend
   objects DEPOBJ_LIST name, and awaited like any task (taskwait,
   taskgroup, a barrier).  The task queues the copies between a device and
   the host on the device with the plugin's asynchronous interface
   (transfer.h) -- all the rows of a rectangular copy at once -- and waits
   for them once.  A copy failing in the task is fatal, with libgomp's
   words.

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
#include "transfer.h"
#include "gomp-map-kinds.h"
#include "entry-points.h"

#include <errno.h>
#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* The task of omp_target_memcpy_async.  */
struct memcpy_task
{
  struct gt_device *dst_dev, *src_dev;
  char *dst;
  const char *src;
  size_t length;
};

static void
memcpy_task_run (void *arg)
{
  struct memcpy_task *t = arg;
  struct gt_xfer *x = gt_copy_xfer (t->dst_dev, t->src_dev);

  if (x != NULL)
    {
      /* Queued on the device, behind nothing: the native runtime ran the
	 task after its dependences.  */
      if (t->length > 0)
	{
	  if (t->dst_dev != NULL)
	    gt_xfer_to (x, t->dst, t->src, t->length);
	  else
	    gt_xfer_from (x, t->dst, t->src, t->length);
	}
      if (gt_copy_xfer_end (x))
	gt_fatal ("omp_target_memcpy failed");
      return;
    }
  if (gt_copy_between (t->dst_dev, t->dst, t->src_dev, t->src, t->length))
    gt_fatal ("omp_target_memcpy failed");
}

/* The task of omp_target_memcpy_rect_async, followed by its five arrays
   of NUM_DIMS sizes: the volume, the offsets and the dimensions of the
   destination and the source (copied: the caller's may be gone when the
   task runs).  */
struct rect_task
{
  struct gt_device *dst_dev, *src_dev;
  char *dst;
  const char *src;
  size_t element_size;
  int num_dims;
  size_t dims[];
};

static void
rect_task_run (void *arg)
{
  struct rect_task *t = arg;
  size_t n = (size_t) t->num_dims;
  struct gt_xfer *x = gt_copy_xfer (t->dst_dev, t->src_dev);
  int ret;

  /* The rows queued on the device, waited for once.  */
  ret = gt_copy_rect (x, t->dst_dev, t->dst, t->src_dev, t->src,
		      t->element_size, t->num_dims, t->dims, t->dims + n,
		      t->dims + 2 * n, t->dims + 3 * n, t->dims + 4 * n);
  if (x != NULL && gt_copy_xfer_end (x))
    ret = EINVAL;
  if (ret)
    gt_fatal ("omp_target_memcpy_rect failed");
}

/* Make the task FN (DATA of SIZE bytes), after the DEPOBJ_COUNT depend
   objects of DEPOBJ_LIST.  */
static void
spawn (void (*fn) (void *), void *data, size_t size, int depobj_count,
       omp_depend_t *depobj_list)
{
  unsigned flags = 0;
  int i, n = depobj_count > 0 && depobj_list != NULL ? depobj_count : 0;
  void **depend = NULL;

  if (n > 0)
    {
      /* GCC's depend array with depend objects only: 0, the count, no
	 out/inout, mutexinoutset or in entries, then the objects.  */
      depend = gt_malloc ((n + 5) * sizeof *depend);
      depend[0] = NULL;
      depend[1] = (void *) (uintptr_t) n;
      depend[2] = depend[3] = depend[4] = NULL;
      for (i = 0; i < n; i++)
	depend[i + 5] = &depobj_list[i];
      flags |= GT_TASK_FLAG_DEPEND;
    }
  /* Through this library's GOMP_task, which notes the dependences.  */
  GOMP_task (fn, data, NULL, (long) size, (long) _Alignof (max_align_t),
	     true, flags, depend, 0, NULL);
  free (depend);
}

GT_PUBLIC int
omp_target_memcpy_async (void *dst, const void *src, size_t length,
			 size_t dst_offset, size_t src_offset,
			 int dst_device_num, int src_device_num,
			 int depobj_count, omp_depend_t *depobj_list)
{
  struct memcpy_task t;

  if (!gt_api_device (dst_device_num, &t.dst_dev)
      || !gt_api_device (src_device_num, &t.src_dev))
    return EINVAL;
  if (length && (dst == NULL || src == NULL))
    return EINVAL;
  if (!gt_api_memcpy_fits (dst, src, length, dst_offset, src_offset,
			   t.dst_dev, t.src_dev, "omp_target_memcpy_async"))
    return EINVAL;
  t.dst = (char *) dst + dst_offset;
  t.src = (const char *) src + src_offset;
  t.length = length;
  spawn (memcpy_task_run, &t, sizeof t, depobj_count, depobj_list);
  return 0;
}

GT_PUBLIC int
omp_target_memcpy_rect_async (void *dst, const void *src, size_t element_size,
			      int num_dims, const size_t *volume,
			      const size_t *dst_offsets,
			      const size_t *src_offsets,
			      const size_t *dst_dimensions,
			      const size_t *src_dimensions, int dst_device_num,
			      int src_device_num, int depobj_count,
			      omp_depend_t *depobj_list)
{
  struct gt_device *dst_dev, *src_dev;
  struct rect_task *t;
  size_t n, size;

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
			 dst_offsets, dst_dimensions,
			 "omp_target_memcpy_rect_async")
      || !gt_api_rect_fits (src_dev, src, element_size, num_dims, volume,
			    src_offsets, src_dimensions,
			    "omp_target_memcpy_rect_async"))
    return EINVAL;
  n = (size_t) num_dims;
  size = sizeof *t + 5 * n * sizeof t->dims[0];
  t = gt_malloc (size);
  t->dst_dev = dst_dev;
  t->src_dev = src_dev;
  t->dst = dst;
  t->src = src;
  t->element_size = element_size;
  t->num_dims = num_dims;
  memcpy (t->dims, volume, n * sizeof t->dims[0]);
  memcpy (t->dims + n, dst_offsets, n * sizeof t->dims[0]);
  memcpy (t->dims + 2 * n, src_offsets, n * sizeof t->dims[0]);
  memcpy (t->dims + 3 * n, dst_dimensions, n * sizeof t->dims[0]);
  memcpy (t->dims + 4 * n, src_dimensions, n * sizeof t->dims[0]);
  spawn (rect_task_run, t, size, depobj_count, depobj_list);
  free (t);
  return 0;
}
