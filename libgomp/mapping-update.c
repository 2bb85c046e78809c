/* mapping-update.c -- target update: copies between the host and the
   device copies of mapped objects, in either direction.

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

#include "mapping-internal.h"

void
gt_update_locked (struct gt_xfer *x, size_t mapnum, void **hostaddrs,
		  size_t *sizes, const void *kinds, bool short_kinds)
{
  struct gt_device *dev = x->dev;
  size_t i;

  for (i = 0; i < mapnum; i++)
    {
      bool implicit;
      int kind = gt_decode_kind (kinds, short_kinds, i, NULL, &implicit);
      uintptr_t s = (uintptr_t) hostaddrs[i], e = s + sizes[i];
      struct gt_key *n;

      if (sizes[i] == 0 || !(gt_copy_to_p (kind) || gt_copy_from_p (kind)))
	continue;
      n = gt_splay_lookup (&dev->mem_map, s, e);
      if (n == NULL)
	{
	  if (gt_present_kind_p (kind))
	    gt_present_fatal (dev, s, sizes[i]);
	  continue;
	}
      if (s < GT_KEY_START (n) || e > GT_KEY_END (n))
	gt_fatal ("Trying to update [%p..%p) object when only [%p..%p) is "
		  "mapped", (void *) s, (void *) e,
		  (void *) GT_KEY_START (n), (void *) GT_KEY_END (n));
      if (gt_copy_to_p (kind))
	gt_copy_key_range (x, n, s, e - s, true);
      if (gt_copy_from_p (kind))
	gt_copy_back (x, n, s, e - s);
    }
}
