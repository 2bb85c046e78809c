/* registry.h -- the offload images the program registered
   (GOMP_offload_register_ver), wrapped for the plugins (registry.c).

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

#ifndef GT_REGISTRY_H
#define GT_REGISTRY_H

#include "diagnostics.h"

#include <pthread.h>
#include <stdint.h>

#include "gomptarget-plugin.h"

struct gt_registered_image
{
  struct gt_registered_image *next;
  unsigned version;
  int target_type;
  const void *host_table;
  const void *target_data;
  void **funcs;			/* Host functions, num_funcs of them.  */
  size_t num_funcs;
  struct gt_gcc_image descriptor;
  __tgt_device_image image;	/* Wraps descriptor (gomptarget-plugin.h).  */
};

/* The registered images, newest first, under gt_registry_lock.  */
extern struct gt_registered_image *gt_images GT_HIDDEN;
extern pthread_mutex_t gt_registry_lock GT_HIDDEN;

#endif /* GT_REGISTRY_H */
