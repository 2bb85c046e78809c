/* mapping-lookup.c -- looking up a device's mapping table by device
   address, for code that meets device addresses (reverse offload): the
   keys of the table, then the items of the target constructs whose
   regions may be running on the device, whose device copies stay until
   the regions end even when their keys have left the table.

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

/* ---- The constructs whose regions may be running.  ---- */

void
gt_running_add_locked (struct gt_device *dev, struct gt_construct *c)
{
  if (dev->num_running == dev->running_size)
    {
      dev->running_size = dev->running_size ? 2 * dev->running_size : 8;
      dev->running = gt_realloc (dev->running,
				 dev->running_size * sizeof *dev->running);
    }
  c->running_index = dev->num_running;
  dev->running[dev->num_running++] = c;
}

void
gt_running_remove_locked (struct gt_device *dev, struct gt_construct *c)
{
  unsigned i = c->running_index;

  /* By its index: a chain of nowait regions has thousands there.  */
  if (i < dev->num_running && dev->running[i] == c)
    {
      struct gt_construct *last = dev->running[--dev->num_running];
      dev->running[i] = last;
      last->running_index = i;
    }
}

/* ---- Lookups by device address.  ---- */

/* Does key K's device copy start at or before START and match
   [START, END)?  */
static inline bool
dev_key_match (const struct gt_key *k, uint64_t start, uint64_t end)
{
  uint64_t ks = k->dev_addr, ke = ks + (GT_KEY_END (k) - GT_KEY_START (k));

  return ks <= start && gt_dev_range_match (ks, ke, start, end);
}

/* As lookup_dev_range, among the items of the target constructs whose
   regions may be running on DEV.  */
static struct gt_key *
lookup_dev_running (struct gt_device *dev, uint64_t start, uint64_t end)
{
  unsigned r;
  size_t i;

  for (r = 0; r < dev->num_running; r++)
    {
      const struct gt_construct *c = dev->running[r];
      for (i = 0; i < c->nitems; i++)
	{
	  struct gt_key *k = c->items[i].key;
	  if (k != NULL && !c->items[i].is_attach
	      && dev_key_match (k, start, end))
	    return k;
	}
    }
  return NULL;
}

/* As gt_key_lookup_dev_locked, for a non-empty range.  The table is
   ordered by host address: every key is visited (without splaying, so
   the lookups by host address keep their tree); then the items of the
   regions that may be running.  */
static struct gt_key *
lookup_dev_range (struct gt_device *dev, uint64_t start, uint64_t end)
{
  struct gt_key *stack_buf[64], **stack = stack_buf, *k, *found = NULL;
  size_t sp = 0, cap = 64;

  if (dev->mem_map.root != NULL)
    stack[sp++] = dev->mem_map.root;
  while (sp > 0)
    {
      k = stack[--sp];
      if (!k->removed && dev_key_match (k, start, end))
	{
	  found = k;
	  break;
	}
      if (sp + 2 > cap)
	{
	  cap *= 2;
	  if (stack == stack_buf)
	    {
	      stack = gt_malloc (cap * sizeof *stack);
	      memcpy (stack, stack_buf, sp * sizeof *stack);
	    }
	  else
	    stack = gt_realloc (stack, cap * sizeof *stack);
	}
      if (k->node.left)
	stack[sp++] = k->node.left;
      if (k->node.right)
	stack[sp++] = k->node.right;
    }
  if (stack != stack_buf)
    free (stack);
  if (found == NULL)
    found = lookup_dev_running (dev, start, end);
  return found;
}

struct gt_key *
gt_key_lookup_dev_locked (struct gt_device *dev, uint64_t start,
			  uint64_t end, bool zero_len)
{
  struct gt_key *k;

  if (start != end)
    return lookup_dev_range (dev, start, end);
  k = lookup_dev_range (dev, start, start + 1);
  if (k != NULL || zero_len || start == 0)
    return k;
  return lookup_dev_range (dev, start - 1, start);
}
