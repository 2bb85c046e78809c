/* registry.c -- GOMP_offload_register(_ver) and unregister: the images
   of offload code a program carries, wrapped for the plugins, and loaded
   onto each device that accepts them when it is initialised.

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

#include "registry.h"
#include "gomp-map-kinds.h"
#include "entry-points.h"

#include <stdlib.h>

struct gt_registered_image *gt_images;
pthread_mutex_t gt_registry_lock = PTHREAD_MUTEX_INITIALIZER;

/* GCC's host table: {funcs_begin, funcs_end, vars_begin, vars_end}.  */
struct host_table
{
  void **funcs_begin, **funcs_end;
  void **vars_begin, **vars_end;
};

GT_PUBLIC void
GOMP_offload_register_ver (unsigned version, const void *host_table,
			   int target_type, const void *target_data)
{
  const struct host_table *t = host_table;
  struct gt_registered_image *img;
  size_t i;

  if (GT_VERSION_LIB (version) > 2)
    gt_fatal ("offload data of library version %u is newer than this "
	      "library supports", GT_VERSION_LIB (version));
  img = gt_calloc (1, sizeof *img);
  img->version = version;
  img->target_type = target_type;
  img->host_table = host_table;
  img->target_data = target_data;
  img->funcs = t->funcs_begin;
  img->num_funcs = (size_t) (t->funcs_end - t->funcs_begin);
  img->descriptor.magic = GT_GCC_IMAGE_MAGIC;
  img->descriptor.version = version;
  img->descriptor.target_type = target_type;
  img->descriptor.num_funcs = (uint32_t) img->num_funcs;
  img->descriptor.num_vars = (uint32_t) ((t->vars_end - t->vars_begin) / 2);
  img->descriptor.host_table = host_table;
  img->descriptor.target_data = target_data;
  img->image.ImageStart = &img->descriptor;
  img->image.ImageEnd = &img->descriptor + 1;

  /* The entries: functions, then variables, in the host table's order.  */
  size_t nentries = img->num_funcs + img->descriptor.num_vars;
  __tgt_offload_entry *e = gt_calloc (nentries, sizeof *e);
  for (i = 0; i < img->num_funcs; i++)
    {
      e[i].addr = t->funcs_begin[i];
      e[i].flags = GT_OFFLOAD_ENTRY_FUNC;
    }
  for (i = 0; i < img->descriptor.num_vars; i++)
    {
      uintptr_t size = (uintptr_t) t->vars_begin[2 * i + 1];
      uintptr_t link_bit = (uintptr_t) 1 << (sizeof (uintptr_t) * 8 - 1);
      e[img->num_funcs + i].addr = t->vars_begin[2 * i];
      e[img->num_funcs + i].size = size & ~link_bit;
      e[img->num_funcs + i].flags = (size & link_bit) ? GT_OFFLOAD_ENTRY_LINK
						     : GT_OFFLOAD_ENTRY_VAR;
    }
  img->image.EntriesBegin = e;
  img->image.EntriesEnd = e + nentries;

  gt_lock (&gt_registry_lock);
  img->next = gt_images;
  gt_images = img;
  gt_unlock (&gt_registry_lock);
  gt_debug ("registered an offload image for target type %d (%zu "
	    "function(s), %u variable(s))", target_type, img->num_funcs,
	    img->descriptor.num_vars);
}

GT_PUBLIC void
GOMP_offload_register (const void *host_table, int target_type,
		       const void *target_data)
{
  GOMP_offload_register_ver (0, host_table, target_type, target_data);
}

GT_PUBLIC void
GOMP_offload_unregister_ver (unsigned version, const void *host_table,
			     int target_type, const void *target_data)
{
  struct gt_registered_image **p;

  (void) version;
  (void) target_data;
  gt_lock (&gt_registry_lock);
  for (p = &gt_images; *p; p = &(*p)->next)
    if ((*p)->host_table == host_table && (*p)->target_type == target_type)
      {
	/* Devices that loaded it keep their copy until the process ends;
	   the entry is only forgotten for devices initialised later.  */
	*p = (*p)->next;
	break;
      }
  gt_unlock (&gt_registry_lock);
}

GT_PUBLIC void
GOMP_offload_unregister (const void *host_table, int target_type,
			 const void *target_data)
{
  GOMP_offload_unregister_ver (0, host_table, target_type, target_data);
}
