/* mapping-unmap.c -- undoing mappings: the end of a construct (detach,
   copy back, drop references, remove keys and free blocks) and target
   exit data.

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

/* K leaves the table while nowait constructs still pin its block: C,
   whose operations may use the block too, pins it as well (through
   item I, or a new item when I is NULL), so that it outlives them
   whichever construct is complete last.  */
static void
hold_pinned_block (struct gt_construct *c, struct gt_map_item *item,
		   struct gt_key *k)
{
  if (k->block->pins == 0 || (item != NULL && item->pinned))
    return;
  if (item == NULL)
    {
      gt_construct_reserve (c, 1);
      item = &c->items[c->nitems++];
      memset (item, 0, sizeof *item);
      item->key = k;
    }
  item->pinned = true;
  k->block->pins++;
  c->npinned++;
}

/* Does the block of K, mapped by ITEM of construct C, die once C removes
   K: K is its only live key (but for C's hold on its private block), and
   C's pin through ITEM, if any, its only pin?  Then only C's transfer
   frees it, at its end; nobody else can reach it meanwhile.  */
static bool
block_dies_with (const struct gt_construct *c, const struct gt_map_item *item,
		 const struct gt_key *k)
{
  const struct gt_block *b = k->block;

  return k->next_sibling == k && k->attach_count == NULL
	 && b->live_keys == 1u + (b == c->private_block)
	 && b->pins == (item->pinned ? 1u : 0u);
}

void
gt_unmap_vars_locked (struct gt_xfer *x, struct gt_construct *c,
		      const void *owner)
{
  struct gt_device *dev = c->dev;
  size_t i, n;
  struct gt_map_item *items;

  gt_held_release_locked (x, c);
  n = c->nitems;
  items = c->items;
  /* Detach first: copies back must not carry device addresses.  */
  for (i = 0; i < n; i++)
    if (items[i].is_attach)
      gt_detach_pointer (x, items[i].key, items[i].host_start, false);

  for (i = 0; i < n; i++)
    if (items[i].counted && items[i].key->rc->count != GT_REFCOUNT_INFINITY)
      {
	gt_held_count_key_maybe_locked (dev, items[i].key);
	items[i].key->rc->count--;
      }

  for (i = 0; i < n; i++)
    {
      struct gt_key *k = items[i].key;
      if (k == NULL || items[i].is_attach)
	continue;
      if ((items[i].copy_from && k->rc->count == 0) || items[i].always_from)
	{
	  /* A key this construct removes (below) whose block then dies:
	     the block stays until X's end, and the copy back may wait
	     until the lock is released, where the caller allows it.  */
	  bool defer = x->defer_from;
	  x->defer_from = defer && k->rc->count == 0 && owner == NULL
			  && !k->removed && block_dies_with (c, &items[i], k);
	  gt_copy_back (x, k, items[i].host_start, items[i].length);
	  x->defer_from = defer;
	  k->writeback = x->last;
	  k->writeback_whole = items[i].host_start == GT_KEY_START (k)
			       && items[i].length == (GT_KEY_END (k)
						      - GT_KEY_START (k))
			       && k->attach_count == NULL;
	}
    }

  struct gt_block *dead = NULL;
  for (i = 0; i < n; i++)
    {
      struct gt_key *k = items[i].key;
      if (k == NULL || k->rc->count != 0 || k->removed
	  || (owner != NULL && k->rc->closing == owner))
	continue;
      if (owner != NULL && k->writeback_whole && k->writeback == x->last
	  && k->next_sibling == k && items[i].pinned)
	{
	  /* Its copy back has just been queued, for all of it (the
	     construct's pin keeps the block until OWNER is complete).  */
	  k->rc->closing = owner;
	  /* Closing, it is held no more (mapping-held.c).  */
	  gt_index_set_holdable (&dev->mem_map.index, GT_KEY_START (k), k,
				 k->dev_addr, false);
	}
      else
	{
	  /* A copy back by another construct may still read the block.  */
	  gt_xfer_after (x, k->writeback);
	  gt_key_remove (dev, k);
	  hold_pinned_block (c, &items[i], k);
	  gt_collect_dead (k->block, &dead);
	}
    }
  if (c->private_block)
    {
      c->private_block->live_keys--;
      gt_collect_dead (c->private_block, &dead);
    }
  gt_xfer_free_later (x, dead);
  c->private_block = NULL;
  /* Pinned blocks are released by gt_close_keys_locked, from the items.  */
  if (c->npinned == 0)
    c->nitems = 0;
}

void
gt_close_keys_locked (struct gt_construct *c, const void *owner,
		      struct gt_block **dead)
{
  size_t i;

  for (i = 0; i < c->nitems; i++)
    {
      struct gt_key *k = c->items[i].key;
      if (!c->items[i].pinned)
	continue;
      c->items[i].pinned = false;
      if (owner != NULL && !k->removed && k->rc->closing == owner
	  && k->rc->count == 0)
	{
	  k->rc->closing = NULL;
	  gt_key_remove (c->dev, k);
	}
      k->block->pins--;
      gt_collect_dead (k->block, dead);
    }
  c->nitems = 0;
  c->npinned = 0;
}

void
gt_close_construct (struct gt_construct *c, bool running)
{
  struct gt_block *dead = NULL;

  if (GT_LIKELY (c->npinned == 0 && !running))
    return;
  gt_device_lock (c->dev);
  if (running)
    gt_running_remove_locked (c->dev, c);
  if (c->npinned != 0)
    gt_close_keys_locked (c, NULL, &dead);
  gt_device_unlock (c->dev);
  gt_blocks_free (dead);
}

void
gt_exit_data_locked (struct gt_xfer *x, struct gt_construct *c,
		     size_t mapnum, void **hostaddrs, size_t *sizes,
		     const unsigned short *kinds)
{
  struct gt_device *dev = x->dev;
  unsigned long gen = ++dev->generation;
  struct gt_key **gone = (struct gt_key **) gt_thread_devaddrs (mapnum);
  size_t i, ngone = 0;

  for (i = 0; i < mapnum; i++)
    {
      int kind = kinds[i] & 0xff;
      uintptr_t s = (uintptr_t) hostaddrs[i];
      if (kind == GT_MAP_DETACH || kind == GT_MAP_FORCE_DETACH)
	{
	  struct gt_key *n = gt_splay_lookup (&dev->mem_map, s,
					      s + sizeof (void *));
	  if (n)
	    gt_detach_pointer (x, n, s, kind == GT_MAP_FORCE_DETACH);
	}
    }

  for (i = 0; i < mapnum; i++)
    {
      bool implicit;
      int kind = gt_decode_kind (kinds, true, i, NULL, &implicit);
      uintptr_t s = (uintptr_t) hostaddrs[i], e = s + sizes[i];
      struct gt_key *k;
      bool first, do_copy, zero, present = false;

      /* GCC 13 and later: exit data map(present, from:) arrives as
	 FORCE_PRESENT, map(always, present, from:) as ALWAYS_PRESENT_FROM
	 (libgomp 14 rejects both).  */
      if (kind == GT_MAP_FORCE_PRESENT || kind == GT_MAP_ALWAYS_PRESENT_FROM)
	{
	  present = true;
	  kind = kind == GT_MAP_FORCE_PRESENT ? GT_MAP_FROM
					       : GT_MAP_ALWAYS_FROM;
	}
      switch (kind)
	{
	case GT_MAP_FROM:
	case GT_MAP_ALWAYS_FROM:
	case GT_MAP_DELETE:
	case GT_MAP_RELEASE:
	case GT_MAP_ZERO_LEN_ARRAY_SECTION:
	case GT_MAP_DELETE_ZERO_LEN_ARRAY_SECTION:
	  break;
	case GT_MAP_DETACH:
	case GT_MAP_FORCE_DETACH:
	case GT_MAP_STRUCT:
	case GT_MAP_STRUCT_UNORD:
	case GT_MAP_POINTER:
	case GT_MAP_TO_PSET:
	  continue;
	default:
	  gt_fatal ("target exit data: unexpected map kind 0x%.2x", kind);
	}
      if (kind == GT_MAP_ZERO_LEN_ARRAY_SECTION
	  || kind == GT_MAP_DELETE_ZERO_LEN_ARRAY_SECTION)
	k = gt_zero_len_lookup (&dev->mem_map, s, e);
      else
	k = gt_splay_lookup (&dev->mem_map, s, e);
      if (present && (k == NULL || k->removed || k->rc->closing != NULL))
	gt_present_fatal (dev, s, sizes[i]);
      if (k == NULL || k->removed || k->rc->closing != NULL
	  || k->rc->count == GT_REFCOUNT_INFINITY)
	continue;
      /* Its block is written if it goes: loaded beside the copy back.  */
      __builtin_prefetch (k->block, 1);
      gt_held_count_key_maybe_locked (dev, k);

      uintptr_t before = k->rc->count;
      first = k->rc->gen != gen;
      if (first)
	{
	  k->rc->gen = gen;
	  if (kind == GT_MAP_DELETE
	      || kind == GT_MAP_DELETE_ZERO_LEN_ARRAY_SECTION)
	    k->rc->count = 0;
	  else if (k->rc->count > 0)
	    k->rc->count--;
	}
      zero = k->rc->count == 0;
      do_copy = (zero && before > 0) || (!first && zero);
      if ((kind == GT_MAP_FROM && do_copy) || kind == GT_MAP_ALWAYS_FROM)
	gt_copy_back (x, k, s, e - s);
      if (zero)
	gone[ngone++] = k;
    }

  struct gt_block *dead = NULL;
  for (i = 0; i < ngone; i++)
    if (!gone[i]->removed)
      {
	gt_xfer_after (x, gone[i]->writeback);
	gt_key_remove (dev, gone[i]);
	hold_pinned_block (c, NULL, gone[i]);
	gt_collect_dead (gone[i]->block, &dead);
      }
  gt_xfer_free_later (x, dead);
}
