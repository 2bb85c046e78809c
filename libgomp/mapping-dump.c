/* mapping-dump.c -- the device's mapping table in the trace, at the
   entry and exit of each target region, under GOMP_DEBUG=2: every key in
   the order of host addresses, with its device address, reference count
   and kind.

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

#include <stdio.h>
#include <stdlib.h>

/* What kind of key K is, in a word or two.  */
static const char *
key_kind (const struct gt_key *k)
{
  if (k->self_mapped)
    return "declare target (the host's own)";
  if (k->block != NULL && k->block->dev_ptr == NULL)
    return "associated (omp_target_associate_ptr)";
  if (k->rc->closing != NULL)
    return "closing (copy back on its way)";
  if (k->next_sibling != k)
    return "structure member";
  if (k->null_pointer)
    return "descriptor of a null pointer";
  return "mapped";
}

void
gt_map_dump_locked (struct gt_device *dev, const char *when, const void *fn)
{
  size_t n = dev->mem_map.count, depth = 0, i = 0;
  struct gt_key **stack, *k;

  gt_debug_printf ("device %d: mapping table at %s of region %s: %zu "
		   "key(s)", dev->id, when, gt_profile_fn_name (fn), n);
  if (n == 0)
    return;
  /* In order, without recursion: a splay tree may be as deep as it has
     keys.  */
  stack = malloc (n * sizeof *stack);
  if (stack == NULL)
    {
      gt_debug_printf ("device %d: no memory to list the table", dev->id);
      return;
    }
  k = dev->mem_map.root;
  while ((k != NULL || depth > 0) && i < n)
    {
      char count[24];
      if (k != NULL)
	{
	  stack[depth++] = k;
	  k = k->node.left;
	  continue;
	}
      k = stack[--depth];
      if (k->rc->count == GT_REFCOUNT_INFINITY)
	snprintf (count, sizeof count, "infinite");
      else
	snprintf (count, sizeof count, "%lu", (unsigned long) k->rc->count);
      gt_debug_printf ("device %d:   [%p,%p) %zu bytes -> %p, refcount %s, "
		       "%s%s", dev->id, (void *) GT_KEY_START (k),
		       (void *) GT_KEY_END (k),
		       (size_t) (GT_KEY_END (k) - GT_KEY_START (k)),
		       (void *) k->dev_addr, count, key_kind (k),
		       k->attach_count != NULL ? ", pointers attached" : "");
      i++;
      k = k->node.right;
    }
  free (stack);
}
