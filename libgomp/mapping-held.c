/* mapping-held.c -- keys that a target region holds without counting
   them.  A region that finds an object mapped already, where it was
   mapped (the index of exact starts), needs the key for nothing but its
   reference count: +1 when it is mapped, -1 when it ends, a net nothing
   unless another construct brings the count to 0 meanwhile.  So where
   the index slot says it may (GT_INDEX_HOLDABLE: no copy to wait for, no
   structure sibling, not closing), the region takes the device address
   from the slot and holds the key instead (item state ST_HELD, the
   construct in its device's list of holders), and never reads or
   writes the key or its block: a region mapping one of many objects
   picked at random waits for one cache miss less.  Whatever would bring
   a key's count down (the end of another construct, exit data) first
   makes the constructs that hold it count it, as they would have from
   the start (gt_held_count_key_locked), and pin its block where they pin;
   a region whose operations may still run when it ends counts its held
   keys then (gt_held_release_locked), so that the usual unmapping drops
   them.  Everything here holds the device's lock.

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

static void
unlink_holder (struct gt_construct *c)
{
  if (c->held_prev != NULL)
    c->held_prev->held_next = c->held_next;
  else
    c->dev->holders = c->held_next;
  if (c->held_next != NULL)
    c->held_next->held_prev = c->held_prev;
  c->held_prev = c->held_next = NULL;
}

/* Item IT of C holds its key no longer: count it, as count_references
   (mapping-map.c) does, and pin its block where C pins.  */
static void
count_hold (struct gt_construct *c, struct gt_map_item *it)
{
  struct gt_key *k = it->key;
  struct gt_refcount *rc = k->rc;

  it->held = false;
  c->nheld--;
  if (rc->gen != c->gen)
    {
      rc->gen = c->gen;
      if (rc->count != GT_REFCOUNT_INFINITY)
	rc->count++;
      it->counted = true;
    }
  if (c->pin)
    {
      k->block->pins++;
      it->pinned = true;
      c->npinned++;
    }
}

void
gt_held_add_locked (struct gt_construct *c, size_t n)
{
  if (c->nheld == 0)
    {
      struct gt_device *dev = c->dev;
      c->held_prev = NULL;
      c->held_next = dev->holders;
      if (dev->holders != NULL)
	dev->holders->held_prev = c;
      dev->holders = c;
    }
  c->nheld += n;
}

void
gt_held_release_locked (struct gt_xfer *x, struct gt_construct *c)
{
  bool done;
  size_t i;

  if (c->nheld == 0)
    return;
  unlink_holder (c);
  done = gt_xfer_done (x);
  for (i = 0; c->nheld != 0 && i < c->nitems; i++)
    {
      struct gt_map_item *it = &c->items[i];
      if (!it->held)
	continue;
      if (!done)
	count_hold (c, it);
      else
	{
	  /* Nothing to undo.  */
	  it->held = false;
	  it->key = NULL;
	  c->nheld--;
	}
    }
}

void
gt_held_count_key_locked (struct gt_device *dev, struct gt_key *k)
{
  struct gt_construct *c, *next;
  size_t i;

  for (c = dev->holders; c != NULL; c = next)
    {
      next = c->held_next;
      for (i = 0; i < c->nitems; i++)
	if (c->items[i].held && c->items[i].key == k)
	  count_hold (c, &c->items[i]);
      if (c->nheld == 0)
	unlink_holder (c);
    }
}
