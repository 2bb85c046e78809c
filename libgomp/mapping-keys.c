/* mapping-keys.c -- the keys of a device's mapping table: taking keys out
   of the table, and the entries that belong to no construct
   (omp_target_associate_ptr, declare target variables, objects mapped
   onto themselves).  Making, queueing and freeing blocks and keys is
   inline in mapping-internal.h: the passes call it in loops.

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
#include "profile.h"

#include <errno.h>
#include <stdlib.h>

/* Take KEY (and its structure siblings) out of the table.  The blocks are
   freed by the caller once no key of theirs is referenced any more.  */
void
gt_key_remove (struct gt_device *dev, struct gt_key *key)
{
  struct gt_key *k = key;

  do
    {
      struct gt_key *next = k->next_sibling;
      if (!k->removed)
	{
	  gt_debug ("unmap [%p,%p) from device %d",
		    (void *) GT_KEY_START (k), (void *) GT_KEY_END (k),
		    dev->id);
	  gt_splay_remove (&dev->mem_map, k);
	  k->removed = true;
	  k->block->live_keys--;
	  free (k->attach_count);
	  k->attach_count = NULL;
	}
      k = next;
    }
  while (k != key);
}

void
gt_unmap_key_locked (struct gt_device *dev, struct gt_key *k,
		     struct gt_block **dead)
{
  gt_key_remove (dev, k);
  gt_collect_dead (k->block, dead);
}

int
gt_associate_locked (struct gt_device *dev, uintptr_t host,
		     uintptr_t dev_addr, size_t size)
{
  struct gt_key *n = gt_splay_lookup_0len (&dev->mem_map, host, host + size);
  struct gt_block *b;
  struct gt_key *k;

  if (n != NULL)
    {
      if (gt_key_translate (n, host) == dev_addr && GT_KEY_START (n) <= host
	  && host + size <= GT_KEY_END (n))
	return 0;
      return EINVAL;
    }
  b = gt_block_new (dev, 0, 1, 0, &k, NULL);
  gt_key_init (k, host, host + size, dev_addr, b, NULL);
  k->rc->count = GT_REFCOUNT_INFINITY;
  gt_splay_insert (&dev->mem_map, k, dev_addr, 0);
  b->live_keys = 1;
  gt_debug ("associate [%p,%p) with device %d %p", (void *) host,
	    (void *) (host + size), dev->id, (void *) dev_addr);
  if (GT_UNLIKELY (gt_profile_on))
    gt_profile_map_size (dev->id, dev->mem_map.count);
  return 0;
}

int
gt_disassociate_locked (struct gt_device *dev, uintptr_t host)
{
  struct gt_key *n = gt_splay_lookup_0len (&dev->mem_map, host, host);

  if (n == NULL || GT_KEY_START (n) != host
      || n->rc->count != GT_REFCOUNT_INFINITY || n->block->dev_ptr != NULL)
    return EINVAL;
  gt_key_remove (dev, n);
  gt_block_free (n->block);
  return 0;
}

void
gt_map_self_locked (struct gt_device *dev, uintptr_t host, size_t size)
{
  struct gt_key *n;

  if (gt_associate_locked (dev, host, host, size) != 0)
    return;
  n = gt_splay_lookup (&dev->mem_map, host, host + (size ? size : 1));
  if (n != NULL && n->dev_addr == GT_KEY_START (n))
    n->self_mapped = true;
}
