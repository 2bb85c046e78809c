/* splay-index.h -- the index of exact start addresses kept beside a
   device's interval splay tree: host start -> key, for the keys that
   are not empty, so that looking up an object mapped before, by the
   address it was mapped at, costs a hash probe and not a walk down the
   tree.


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


#ifndef GT_SPLAY_INDEX_H
#define GT_SPLAY_INDEX_H

#include <stdint.h>
#include <stddef.h>

struct gt_key;

/* One slot, of half a cache line: the start is kept in the slot, so that
   a probe reads no key but the one it finds; and so are two addresses
   that the caller of a lookup that finds KEY reads and writes next (for
   a mapping, the device copy and the key's block), so that the lookup
   starts loading them beside the key, not after it.  They are hints,
   set when the key is entered, for prefetching only: a stale one costs
   a useless load, never a wrong result.  KEY NULL: the slot is free.  */
struct gt_index_slot
{
  uintptr_t start;
  struct gt_key *key;
  const void *read_next;
  const void *write_next;
};

/* Open addressing, linear probing, at most half full; a slot is freed by
   moving back the entries after it (no tombstones), so that a table in
   which keys come and go keeps its probes short.  All zero: empty, with
   no slots yet.  */
struct gt_splay_index
{
  struct gt_index_slot *slots;
  size_t mask;			/* Number of slots - 1, or 0 without any.  */
  size_t count;
};

/* The slot where the search for START begins.  Objects that lie near one
   another in memory are mapped and unmapped one after another (a loop of
   enter data), so nearby starts get nearby slots: each KiB of addresses
   has a window of 64 slots, one per 16 bytes, which starts anywhere in
   the table (Fibonacci hashing of the KiB's number; windows aligned to
   64 slots collided whole, and their runs grew long).  */
static inline size_t
gt_index_home_in (size_t mask, uintptr_t start)
{
  size_t window = (size_t) (((start >> 10) * UINT64_C (0x9e3779b97f4a7c15))
			    >> 32);

  return (window + ((start >> 4) & 63)) & mask;
}

static inline size_t
gt_index_home (const struct gt_splay_index *x, uintptr_t start)
{
  return gt_index_home_in (x->mask, start);
}

/* Start loading the slot where the search for START begins, without the
   lock that guards the index: a hint, which may pair the slots of a
   table being replaced with the mask of the next (splay-index.c's grow
   stores both atomically, for this) and which a prefetch makes harmless
   wherever it points.  A lookup of START under the lock soon after
   finds the slot's line in the cache or on its way.  Only for a table
   larger than a level-2 cache: a smaller one stays in the caches, and
   the hint would cost its instructions for nothing.  */
static inline void
gt_index_prefetch (const struct gt_splay_index *x, uintptr_t start)
{
  size_t mask = __atomic_load_n (&x->mask, __ATOMIC_RELAXED);

  if (mask >= ((size_t) 2 << 20) / sizeof (struct gt_index_slot))
    {
      struct gt_index_slot *slots = __atomic_load_n (&x->slots,
						     __ATOMIC_RELAXED);
      __builtin_prefetch (&slots[gt_index_home_in (mask, start)]);
    }
}

/* The slot of the key that starts at START, or NULL.  */
static inline struct gt_index_slot *
gt_index_slot (const struct gt_splay_index *x, uintptr_t start)
{
  size_t i;

  if (x->count == 0)
    return NULL;
  for (i = gt_index_home (x, start);; i = (i + 1) & x->mask)
    {
      struct gt_index_slot *s = &x->slots[i];
      if (s->key == NULL)
	return NULL;
      if (s->start == start)
	return s;
    }
}

/* The key that starts at START, or NULL; found, its hints and both of
   its cache lines (mapping.h) are on their way to the cache.  */
static inline struct gt_key *
gt_index_find (const struct gt_splay_index *x, uintptr_t start)
{
  struct gt_index_slot *s;

  /* A slot is half a line: the second slot of the run, which the search
     reads after the first in a good third of the hits, is in the next
     line half of the time; loaded together, not one after the other.  */
  if (x->count != 0)
    __builtin_prefetch (&x->slots[(gt_index_home (x, start) + 1) & x->mask]);
  s = gt_index_slot (x, start);
  if (s == NULL)
    return NULL;
  __builtin_prefetch (s->key);
  __builtin_prefetch ((const char *) s->key + 64);
  __builtin_prefetch (s->read_next);
  __builtin_prefetch (s->write_next, 1);
  return s->key;
}

/* Enter KEY, starting at START, which no key in the index starts at,
   with the hints READ_NEXT and WRITE_NEXT (struct gt_index_slot); NULL
   for none.  */
void gt_index_add (struct gt_splay_index *, uintptr_t start,
		   struct gt_key *key, const void *read_next,
		   const void *write_next);

/* Take out the key starting at START, which must be there.  */
void gt_index_remove (struct gt_splay_index *, uintptr_t start);

#endif /* GT_SPLAY_INDEX_H */
