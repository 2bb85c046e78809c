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
   type that no compiler emits); separate memory from malloc.

   What the front end hands over is shown on stderr, for tests to check:
   - load_binary prints "table: load lib L dev D mask 0xM ind N data 0xW"
     (the version halves, the image's requires mask, its indirect
     functions, and the first word of the target data the plugin gets);
   - with TABLE_PLUGIN_ICVS=1, load_binary adds an ICV variable to its
     table, of 4 bytes for images of library version 1 (GCC 12's
     __gomp_device_num) and 16 bytes otherwise (__gomp_additional_icvs),
     and each launch prints "table: icvs" and its int32 values;
   - init_requires honours the bits of TABLE_PLUGIN_REQUIRES (a number,
     default 0) and prints "table: init_requires 0xM";
   - unload_binary prints "table: unload" and frees what load_binary
     made;
   - get_capabilities returns TABLE_PLUGIN_CAPS (default:
     GT_CAP_HOST_CODE).  */

#include <stdio.h>
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

/* GT_CAP_HOST_CODE, unless TABLE_PLUGIN_CAPS says otherwise (a number):
   0 makes the plugin look like a GPU's, which runs only the code of its
   images.  */
EXPORT uint32_t
__tgt_rtl_get_capabilities (void)
{
  const char *s = getenv ("TABLE_PLUGIN_CAPS");

  return s ? (uint32_t) strtoul (s, NULL, 0) : GT_CAP_HOST_CODE;
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

EXPORT int64_t
__tgt_rtl_init_requires (int64_t requires_flags)
{
  const char *s = getenv ("TABLE_PLUGIN_REQUIRES");
  int64_t honoured = s ? strtoll (s, NULL, 0) : 0;

  fprintf (stderr, "table: init_requires 0x%llx\n",
	   (unsigned long long) requires_flags);
  return requires_flags & honoured;
}

/* The loaded images: their tables, and their ICV variables (the last
   loaded one's is what a launch shows).  */
#define MAX_IMAGES 8
static struct
{
  __tgt_device_image *image;
  __tgt_target_table *table;
} loaded[MAX_IMAGES];
static int32_t *icvs;
static size_t icvs_size;

EXPORT __tgt_target_table *
__tgt_rtl_load_binary (int32_t id, __tgt_device_image *image)
{
  const struct gt_gcc_image *d = image->ImageStart;
  size_t n = (size_t) (image->EntriesEnd - image->EntriesBegin), i;
  size_t nf = d->num_funcs;
  const char *s = getenv ("TABLE_PLUGIN_ICVS");
  int with_icvs = s != NULL && strcmp (s, "1") == 0;
  __tgt_target_table *t = malloc (sizeof *t);
  __tgt_offload_entry *e = calloc (n + 1, sizeof *e);
  unsigned long word = 0;
  int slot;

  if (d->target_data != NULL)
    memcpy (&word, d->target_data, sizeof word);
  for (slot = 0; slot < MAX_IMAGES && loaded[slot].image; slot++)
    ;
  if (id != 0 || t == NULL || e == NULL || nf > n || slot == MAX_IMAGES)
    {
      free (t);
      free (e);
      return NULL;
    }
  fprintf (stderr, "table: load lib %u dev %u mask 0x%x ind %u data 0x%lx\n",
	   (unsigned) GT_GCC_VERSION_LIB (d->version),
	   (unsigned) GT_GCC_VERSION_DEV (d->version),
	   (unsigned) d->requires_mask, (unsigned) d->num_ind_funcs, word);
  for (i = 0; i < d->num_ind_funcs; i++)
    if (d->ind_funcs == NULL || d->ind_funcs[i] == NULL)
      fprintf (stderr, "table: indirect function %zu has no address\n", i);
  memcpy (e, image->EntriesBegin, n * sizeof *e);
  for (i = 0; i < nf; i++)
    e[i].addr = image->EntriesBegin[nf - 1 - i].addr;
  if (with_icvs)
    {
      icvs_size = GT_GCC_VERSION_LIB (d->version) <= 1 ? GT_GCC12_ICVS_SIZE
						       : GT_GCC14_ICVS_SIZE;
      free (icvs);
      icvs = malloc (icvs_size);
      if (icvs == NULL)
	return NULL;
      memset (icvs, 0xff, icvs_size);
      e[n].addr = icvs;
      e[n].size = icvs_size;
      e[n].flags = GT_OFFLOAD_ENTRY_ICVS;
      n++;
    }
  t->EntriesBegin = e;
  t->EntriesEnd = e + n;
  loaded[slot].image = image;
  loaded[slot].table = t;
  return t;
}

EXPORT int32_t
__tgt_rtl_unload_binary (int32_t id, __tgt_device_image *image)
{
  int slot;

  for (slot = 0; slot < MAX_IMAGES; slot++)
    if (loaded[slot].image == image)
      break;
  if (id != 0 || slot == MAX_IMAGES)
    return GT_RTL_FAIL;
  fprintf (stderr, "table: unload\n");
  free (loaded[slot].table->EntriesBegin);
  free (loaded[slot].table);
  loaded[slot].image = NULL;
  loaded[slot].table = NULL;
  return GT_RTL_SUCCESS;
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
  if (icvs != NULL)
    {
      size_t i;
      fprintf (stderr, "table: icvs");
      for (i = 0; i < icvs_size / sizeof *icvs; i++)
	fprintf (stderr, " %d", (int) icvs[i]);
      fprintf (stderr, "\n");
    }
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
