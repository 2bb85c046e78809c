/* shared-mem.c -- regions on a device in shared-memory mode: what a device
   with unified shared memory gives, for a device that runs host code and
   a program that requires unified_shared_memory.  Nothing is mapped or
   copied: the region gets the host addresses of its items, except that
   firstprivate items get private copies.  Data constructs, updates and
   the device memory routines treat such a device as the host
   (gt_mapping_device).

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

#include "shared-mem.h"
#include "device-calls.h"
#include "gomp-map-kinds.h"
#include "profile.h"

#include <stdlib.h>
#include <string.h>

void
gt_run_shared_region (struct gt_device *dev, void (*fn) (void *),
		      void *entry, size_t mapnum, void **hostaddrs,
		      size_t *sizes, const void *kinds, bool short_kinds,
		      int num_teams, int thread_limit)
{
  void *stack_vars[16], **vars;
  size_t i, size = 0, align = 1, off;
  char *block = NULL, *base;

  vars = mapnum <= 16 ? stack_vars : gt_malloc (mapnum * sizeof *vars);
  /* The firstprivate copies, in one block.  */
  for (i = 0; i < mapnum; i++)
    if (short_kinds
	&& (((const unsigned short *) kinds)[i] & 0xff) == GT_MAP_FIRSTPRIVATE)
      {
	size_t a = (size_t) 1 << (((const unsigned short *) kinds)[i] >> 8);
	if (a > align)
	  align = a;
	size = ((size + a - 1) & ~(a - 1)) + sizes[i];
      }
  if (size > 0)
    block = gt_malloc (size + align - 1);
  base = (char *) (((uintptr_t) block + align - 1) & ~(uintptr_t) (align - 1));
  for (i = 0, off = 0; i < mapnum; i++)
    {
      vars[i] = hostaddrs[i];
      if (block != NULL
	  && (((const unsigned short *) kinds)[i] & 0xff)
	     == GT_MAP_FIRSTPRIVATE)
	{
	  size_t a = (size_t) 1 << (((const unsigned short *) kinds)[i] >> 8);
	  off = (off + a - 1) & ~(a - 1);
	  if (hostaddrs[i] != NULL)
	    memcpy (base + off, hostaddrs[i], sizes[i]);
	  vars[i] = hostaddrs[i] ? base + off : NULL;
	  off += sizes[i];
	}
    }
  /* A firstprivate item followed by an attach whose slot is an earlier
     firstprivate item's place in HOSTADDRS (GCC 14's firstprivate Fortran
     allocatables): the earlier copy points to this one (as in
     mapping-plan.c).  */
  for (i = 0; short_kinds && i + 1 < mapnum; i++)
    {
      const unsigned short *k = kinds;
      void **slot = (void **) hostaddrs[i + 1];
      size_t o;
      if ((k[i] & 0xff) != GT_MAP_FIRSTPRIVATE
	  || (k[i + 1] & 0xff) != GT_MAP_ATTACH
	  || slot < hostaddrs || slot >= hostaddrs + i)
	continue;
      o = (size_t) (slot - hostaddrs);
      if ((k[o] & 0xff) == GT_MAP_FIRSTPRIVATE && vars[o] != NULL
	  && sizes[i + 1] + sizeof (void *) <= sizes[o])
	memcpy ((char *) vars[o] + sizes[i + 1], &vars[i], sizeof (void *));
    }
  gt_debug ("launch region %s on device %d in shared-memory mode (entry "
	    "%p, %zu argument(s))", gt_profile_fn_name ((const void *) fn),
	    dev->id, entry, mapnum);
  if (!gt_dev_run_region (dev, entry, vars, mapnum, num_teams, thread_limit))
    gt_region_failed (dev, "running", entry);
  free (block);
  if (vars != stack_vars)
    free (vars);
}
