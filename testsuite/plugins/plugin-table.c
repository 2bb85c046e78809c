/* A test plugin whose devices run host code but take the entry of each
   region from the image they loaded: the code of the I-th function of an
   image is the host function at position N-1-I of the same image.  The
   front end must find the region's entry by the position of its host
   function in the image the device loaded, as it does for a GPU.
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
   3.1, as published by the Free Software Foundation.

   You should have received a copy of the GNU General Public License and
   a copy of the GCC Runtime Library Exception along with this program;
   see the files COPYING3 and COPYING.RUNTIME respectively.  If not, see
   <http://www.gnu.org/licenses/>.  */

/* One device; images of target type TABLE_TARGET_TYPE (an invented
   type that no compiler emits); separate memory from malloc.  */

#include <stdlib.h>
#include <string.h>

#include "gomptarget-plugin.h"

#define TABLE_TARGET_TYPE 99
#define EXPORT __attribute__ ((visibility ("default")))

EXPORT int32_t
__tgt_rtl_number_of_devices (void)
{
  return 1;
}

EXPORT uint32_t
__tgt_rtl_get_capabilities (void)
{
  return GT_CAP_HOST_CODE;
}

EXPORT int32_t
__tgt_rtl_is_valid_binary (__tgt_device_image *image)
{
  const struct gt_gcc_image *d = image->ImageStart;

  return ((const char *) image->ImageEnd - (const char *) image->ImageStart
	  >= (long) sizeof *d)
	 && d->magic == GT_GCC_IMAGE_MAGIC
	 && d->target_type == TABLE_TARGET_TYPE;
}

EXPORT int32_t
__tgt_rtl_init_device (int32_t id)
{
  return id == 0 ? GT_RTL_SUCCESS : GT_RTL_FAIL;
}

EXPORT __tgt_target_table *
__tgt_rtl_load_binary (int32_t id, __tgt_device_image *image)
{
  const struct gt_gcc_image *d = image->ImageStart;
  size_t n = (size_t) (image->EntriesEnd - image->EntriesBegin), i;
  size_t nf = d->num_funcs;
  __tgt_target_table *t = malloc (sizeof *t);
  __tgt_offload_entry *e = calloc (n ? n : 1, sizeof *e);

  if (id != 0 || t == NULL || e == NULL || nf > n)
    {
      free (t);
      free (e);
      return NULL;
    }
  memcpy (e, image->EntriesBegin, n * sizeof *e);
  for (i = 0; i < nf; i++)
    e[i].addr = image->EntriesBegin[nf - 1 - i].addr;
  t->EntriesBegin = e;
  t->EntriesEnd = e + n;
  return t;
}

EXPORT void *
__tgt_rtl_data_alloc (int32_t id, int64_t size, void *host_ptr)
{
  (void) host_ptr;
  if (id != 0 || size < 0)
    return NULL;
  return malloc (size ? (size_t) size : 1);
}

EXPORT int32_t
__tgt_rtl_data_submit (int32_t id, void *tgt_ptr, void *host_ptr,
		       int64_t size)
{
  if (id != 0 || size < 0)
    return GT_RTL_FAIL;
  memcpy (tgt_ptr, host_ptr, (size_t) size);
  return GT_RTL_SUCCESS;
}

EXPORT int32_t
__tgt_rtl_data_retrieve (int32_t id, void *host_ptr, void *tgt_ptr,
			 int64_t size)
{
  if (id != 0 || size < 0)
    return GT_RTL_FAIL;
  memcpy (host_ptr, tgt_ptr, (size_t) size);
  return GT_RTL_SUCCESS;
}

EXPORT int32_t
__tgt_rtl_data_delete (int32_t id, void *tgt_ptr)
{
  if (id != 0)
    return GT_RTL_FAIL;
  free (tgt_ptr);
  return GT_RTL_SUCCESS;
}

EXPORT int32_t
__tgt_rtl_run_target_team_region (int32_t id, void *entry, void **tgt_vars,
				  ptrdiff_t *offsets, int32_t arg_num,
				  int32_t num_teams, int32_t thread_limit,
				  uint64_t loop_tripcount)
{
  (void) offsets;
  (void) arg_num;
  (void) num_teams;
  (void) thread_limit;
  (void) loop_tripcount;
  if (id != 0 || entry == NULL)
    return GT_RTL_FAIL;
  ((void (*) (void *)) entry) (tgt_vars);
  return GT_RTL_SUCCESS;
}

EXPORT int32_t
__tgt_rtl_run_target_region (int32_t id, void *entry, void **tgt_vars,
			     ptrdiff_t *offsets, int32_t arg_num)
{
  return __tgt_rtl_run_target_team_region (id, entry, tgt_vars, offsets,
					   arg_num, 1, 0, 0);
}
