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
#include <stdbool.h>
#include <stddef.h>

struct gt_key;

/* One slot, of half a cache line: the start is kept in the slot, so that
   a probe reads no key but the one it finds; so are the key's device
   address and size, so that a target region that holds the key without
   counting it (mapping-held.c) reads nothing but the slot.  KEY NULL:
   the slot is free.  */
struct gt_index_slot
{
  uintptr_t start;
  struct gt_key *key;
  uintptr_t dev_addr;		/* The device address of START.  */
  uint32_t size;		/* The key's size, or 0 from 4 GiB on.  */
  uint32_t flags;		/* GT_INDEX_*.  */
};

/* DEV_ADDR is host memory (the device's memory is the host's): a lookup
   that finds the key starts loading the device copy too.  */
#define GT_INDEX_HOST_COPY 1u
/* A target region may hold the key without counting it: its copy was
   complete when it was mapped (no event to wait for), it is no structure
   sibling and it is not closing (mapping-held.c).  Set and cleared under
   the lock of the device whose table it is.  */
#define GT_INDEX_HOLDABLE 2u

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

/* The slot of the key that starts at START, or NULL.  A slot is half a
   line: the second slot of the run, which the search reads after the
   first in a good third of the hits, is in the next line half of the
   time; loaded together, not one after the other.  */
static inline const struct gt_index_slot *
gt_index_probe (const struct gt_splay_index *x, uintptr_t start)
{
  if (x->count == 0)
    return NULL;
  __builtin_prefetch (&x->slots[(gt_index_home (x, start) + 1) & x->mask]);
  return gt_index_slot (x, start);
}

/* Start loading the device copy of slot S where it is host memory.  */
static inline void
gt_index_prefetch_copy (const struct gt_index_slot *s)
{
  if (s->flags & GT_INDEX_HOST_COPY)
    __builtin_prefetch ((const void *) s->dev_addr);
}

/* The key of slot S (gt_index_probe), whose two cache lines (mapping.h)
   and device copy (gt_index_prefetch_copy) are then on their way.  */
static inline struct gt_key *
gt_index_found (const struct gt_index_slot *s)
{
  __builtin_prefetch (s->key);
  __builtin_prefetch ((const char *) s->key + 64);
  gt_index_prefetch_copy (s);
  return s->key;
}

/* The key that starts at START, or NULL; found, it is on its way to the
   cache (gt_index_found).  */
static inline struct gt_key *
gt_index_find (const struct gt_splay_index *x, uintptr_t start)
{
  const struct gt_index_slot *s = gt_index_probe (x, start);

  return s != NULL ? gt_index_found (s) : NULL;
}

/* May a target region hold the key of slot S (GT_INDEX_HOLDABLE) for a
   range of SIZE bytes from its start?  */
static inline bool
gt_index_holdable_p (const struct gt_index_slot *s, size_t size)
{
  return (s->flags & GT_INDEX_HOLDABLE) && size <= s->size;
}

/* Set (ON) or clear GT_INDEX_HOLDABLE in the slot of KEY, starting at
   START, with DEV_ADDR as its device address; nothing if KEY is not in
   the index (an empty key).  */
static inline void
gt_index_set_holdable (struct gt_splay_index *x, uintptr_t start,
		       const struct gt_key *key, uintptr_t dev_addr, bool on)
{
  struct gt_index_slot *s = gt_index_slot (x, start);

  if (s == NULL || s->key != key)
    return;
  s->dev_addr = dev_addr;
  if (on && s->size != 0)
    s->flags |= GT_INDEX_HOLDABLE;
  else
    s->flags &= ~GT_INDEX_HOLDABLE;
}

/* Enter KEY, [START, END), which no key in the index starts at, with
   its device address DEV_ADDR and FLAGS (GT_INDEX_*).  */
void gt_index_add (struct gt_splay_index *, uintptr_t start, uintptr_t end,
		   struct gt_key *key, uintptr_t dev_addr, unsigned flags);

/* Take out the key starting at START, which must be there.  */
void gt_index_remove (struct gt_splay_index *, uintptr_t start);

#endif /* GT_SPLAY_INDEX_H */
