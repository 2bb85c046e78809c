/* splay-index.c -- entering keys into and taking them out of the index
   of exact start addresses beside a device's splay tree (splay-index.h).
   The table grows by doubling and never shrinks: a program that maps and
   unmaps objects by turns allocates nothing once it has grown.


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


#include "diagnostics.h"
#include "splay-index.h"

#include <stdlib.h>
#include <string.h>

#define INDEX_MIN_SLOTS 64


/* The first free slot for START; there is one.  */
static inline struct gt_index_slot *
free_slot (struct gt_splay_index *x, uintptr_t start)
{
  size_t i = gt_index_home (x, start);

  while (x->slots[i].key != NULL)
    i = (i + 1) & x->mask;
  return &x->slots[i];
}

/* Double the slots (or make the first ones) and enter the keys again.  */
static void
grow (struct gt_splay_index *x)
{
  struct gt_index_slot *old = x->slots;
  size_t n = x->slots ? x->mask + 1 : 0, i;
  size_t nn = n ? 2 * n : INDEX_MIN_SLOTS;

  struct gt_index_slot *slots = gt_malloc_huge (nn * sizeof *slots);

  memset (slots, 0, nn * sizeof *slots);
  /* Atomic: gt_index_prefetch reads both without the lock; Helgrind and
     DRD, which cannot tell its atomic loads from plain ones, are told not
     to check them (every other access holds the device's lock).  */
  GT_ANNOTATE_ATOMIC (&x->slots);
  GT_ANNOTATE_ATOMIC (&x->mask);
  __atomic_store_n (&x->slots, slots, __ATOMIC_RELAXED);
  __atomic_store_n (&x->mask, nn - 1, __ATOMIC_RELAXED);
  for (i = 0; i < n; i++)
    if (old[i].key != NULL)
      *free_slot (x, old[i].start) = old[i];
  free (old);
}

/* gt_index_add when the slots must grow first: out of line, so that
   gt_index_add saves no registers.  */
static void __attribute__ ((noinline))
add_growing (struct gt_splay_index *x, uintptr_t start, uintptr_t end,
	     struct gt_key *key, uintptr_t dev_addr, unsigned flags)
{
  grow (x);
  gt_index_add (x, start, end, key, dev_addr, flags);
}

void
gt_index_add (struct gt_splay_index *x, uintptr_t start, uintptr_t end,
	      struct gt_key *key, uintptr_t dev_addr, unsigned flags)
{
  struct gt_index_slot *s;

  if (GT_UNLIKELY (x->slots == NULL || 2 * (x->count + 1) > x->mask + 1))
    {
      add_growing (x, start, end, key, dev_addr, flags);
      return;
    }
  s = free_slot (x, start);
  s->start = start;
  s->key = key;
  s->dev_addr = dev_addr;
  s->size = end - start <= UINT32_MAX ? (uint32_t) (end - start) : 0;
  s->flags = s->size != 0 ? flags : flags & ~GT_INDEX_HOLDABLE;
  x->count++;
}

void
gt_index_remove (struct gt_splay_index *x, uintptr_t start)
{
  struct gt_index_slot *s = gt_index_slot (x, start);
  size_t i, j;

  if (s == NULL)
    gt_fatal ("internal error: removing a start that is not indexed");
  i = (size_t) (s - x->slots);
  x->count--;
  /* Backward shift: move up each later entry of the run that may live in
     the freed slot (its home is not cyclically in (I, J]).  */
  for (j = i;;)
    {
      size_t h;
      j = (j + 1) & x->mask;
      if (x->slots[j].key == NULL)
	break;
      h = gt_index_home (x, x->slots[j].start);
      if (i <= j ? (i < h && h <= j) : (i < h || h <= j))
	continue;
      x->slots[i] = x->slots[j];
      i = j;
    }
  /* The rest of a free slot is never read.  */
  x->slots[i].key = NULL;
  x->slots[i].start = 0;
}
