/* shared-mem.h -- devices in shared-memory mode: a device that runs host
   code, used by a program that requires unified_shared_memory, works on
   the host's memory itself (shared-mem.c).

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

#ifndef GT_SHARED_MEM_H
#define GT_SHARED_MEM_H

#include "devices.h"

/* Is DEV in shared-memory mode?  */
static inline bool
gt_shared_memory_p (const struct gt_device *dev)
{
  return dev != NULL && (dev->caps & GT_CAP_SHARED_MEMORY) != 0;
}

/* The device whose mapping table a data construct, an update or a
   device memory routine uses: DEV, or NULL (as for the host) when DEV
   shares the host's memory.  */
static inline struct gt_device *
gt_mapping_device (struct gt_device *dev)
{
  return gt_shared_memory_p (dev) ? NULL : dev;
}

/* Run region ENTRY (of host function FN) on DEV, in shared-memory mode, with the MAPNUM items
   of the construct (KINDS 16-bit if SHORT_KINDS, else 8-bit): nothing is
   mapped, the region gets the host addresses, and private copies of its
   firstprivate items.  */
void gt_run_shared_region (struct gt_device *dev, void (*fn) (void *),
			   void *entry, size_t mapnum, void **hostaddrs,
			   size_t *sizes, const void *kinds, bool short_kinds,
			   int num_teams, int thread_limit)
  GT_HIDDEN;

#endif /* GT_SHARED_MEM_H */
