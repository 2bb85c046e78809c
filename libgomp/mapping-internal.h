/* mapping-internal.h -- what the mapping-*.c files share, and no other
   file includes: map kinds decoded, the helpers the loops of several
   files call (inline, so that the split into files adds no call to a
   loop), the functions of one mapping file used by another, and the
   state of the passes of gt_map_vars_locked.

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

#ifndef GT_MAPPING_INTERNAL_H
#define GT_MAPPING_INTERNAL_H

#include "mapping.h"
#include "device-calls.h"
#include "gomp-map-kinds.h"

#include <stdlib.h>
#include <string.h>

/* Items at most this large are staged and copied in one transfer.  */
#define GT_STAGE_LIMIT (64 * 1024)

/* ---- Map kinds.  ---- */

/* Decode kind I: the kind, its alignment and whether it is implicit.  */
static inline int
gt_decode_kind (const void *kinds, bool short_kinds, size_t i, size_t *align,
		bool *implicit)
{
  if (short_kinds)
    {
      unsigned v = ((const unsigned short *) kinds)[i];
      unsigned k = v & 0xff;
      *implicit = (k & 0x7c) == GT_MAPF_IMPLICIT;
      if (*implicit)
	k &= ~GT_MAPF_IMPLICIT;
      if (align)
	*align = (size_t) 1 << (v >> 8);
      return (int) k;
    }
  else
    {
      unsigned v = ((const unsigned char *) kinds)[i];
      *implicit = false;
      if (align)
	*align = (size_t) 1 << (v >> 3);
      return (int) (v & 7);
    }
}

/* A force kind (OpenACC): the data must not be mapped already.  */
static inline bool
gt_force_p (int kind)
{
  return (kind & 0xfc) == GT_MAPF_FORCE;
}

static inline bool
gt_copy_to_p (int kind)
{
  /* A Fortran array descriptor (to_pset) is copied too.  */
  return ((!(kind & 0x0c) || gt_present_kind_p (kind)) && (kind & GT_MAPF_TO))
	 || kind == GT_MAP_TO_PSET;
}

static inline bool
gt_copy_from_p (int kind)
{
  return (!(kind & 0x0c) || gt_present_kind_p (kind))
	 && (kind & GT_MAPF_FROM);
}

/* [ADDR, ADDR+SIZE) of a present kind is not mapped on DEV: fatal, in
   libgomp 14's words (mapping-plan.c).  */
void gt_present_fatal (struct gt_device *dev, uintptr_t addr, size_t size)
  __attribute__ ((noreturn)) GT_HIDDEN;

static inline bool
gt_pointer_kind_p (int kind)
{
  return kind == GT_MAP_POINTER
	 || kind == GT_MAP_POINTER_TO_ZERO_LENGTH_ARRAY_SECTION;
}

/* ---- Keys and blocks (mapping-keys.c).  ---- */

/* Blocks of at most GT_RECYCLE_DEVICE_BYTES of device memory (the
   smallest size plugin pools hand out) with at most one key and one
   shared reference count are all made that size and reused, device
   memory included: the mapping of a scalar or a small array then neither
   allocates nor calls the plugin.  Each thread keeps at most
   GT_RECYCLE_MAX of those it freed (mapping-scratch.c); the others go to
   their device's spare blocks (mapping-slab.c).  Their host memory is a
   record of GT_RECYCLE_HOST_BYTES, aligned to a cache line: the key
   first (two whole lines), then the block and the reference count (the
   third line).  */
#define GT_RECYCLE_DEVICE_BYTES 64
#define GT_RECYCLE_HOST_BYTES \
  (sizeof (struct gt_key) + sizeof (struct gt_block) \
   + sizeof (struct gt_refcount))
#define GT_RECYCLE_MAX 16

/* A block of DEV the calling thread kept for reuse, or NULL.  */
struct gt_block *gt_block_reuse (struct gt_device *dev) GT_HIDDEN;

/* A small block of DEV with its device memory: a spare one of DEV's, or
   a new one (mapping-slab.c).  */
struct gt_block *gt_block_small (struct gt_device *dev) GT_HIDDEN;

/* Small block B is no longer used: to its device's spare blocks, with
   its device memory (mapping-slab.c).  */
void gt_block_spare (struct gt_block *b) GT_HIDDEN;

/* Keep recyclable block B for reuse by the calling thread; false if it
   keeps enough already.  */
bool gt_block_recycle (struct gt_block *b) GT_HIDDEN;

/* DEV's lock held: a block of SIZE bytes of device memory (none if SIZE
   is 0) with room beside it for NKEYS keys and NRCS shared reference
   counts, which *KEYS and *RCS receive.  */
static inline struct gt_block *
gt_block_new (struct gt_device *dev, size_t size, size_t nkeys, size_t nrcs,
	      struct gt_key **keys, struct gt_refcount **rcs)
{
  struct gt_block *b;

  if (size != 0 && size <= GT_RECYCLE_DEVICE_BYTES && nkeys <= 1 && nrcs <= 1)
    {
      b = gt_block_reuse (dev);
      if (b == NULL)
	b = gt_block_small (dev);
      /* The key before the block, the count after it.  */
      *keys = (struct gt_key *) b - 1;
      if (rcs)
	*rcs = (struct gt_refcount *) (b + 1);
    }
  else
    {
      b = gt_malloc (sizeof (struct gt_block) + nkeys * sizeof (struct gt_key)
		     + nrcs * sizeof (struct gt_refcount));
      b->dev = dev;
      b->dev_ptr = size ? gt_dev_alloc (dev, size, NULL) : NULL;
      b->recyclable = false;
      *keys = (struct gt_key *) (b + 1);
      if (rcs)
	*rcs = (struct gt_refcount *) (*keys + nkeys);
    }
  b->live_keys = 0;
  b->pins = 0;
  b->free_pending = false;
  b->next_dead = NULL;
  return b;
}

/* Free B, device memory and all.  */
static inline void
gt_block_free (struct gt_block *b)
{
  if (b->recyclable)
    gt_block_spare (b);
  else
    {
      if (b->dev_ptr)
	gt_dev_free (b->dev, b->dev_ptr);
      free (b);
    }
}

void gt_key_remove (struct gt_device *dev, struct gt_key *key) GT_HIDDEN;

static inline void
gt_key_init (struct gt_key *k, uintptr_t start, uintptr_t end,
	     uintptr_t dev_addr, struct gt_block *b, struct gt_refcount *rc)
{
  k->node.host_start = start;
  k->node.host_end = end;
  k->node.left = k->node.right = k->node.parent = NULL;
  k->dev_addr = dev_addr;
  k->ready = NULL;
  k->writeback = NULL;
  k->writeback_whole = false;
  k->own_rc.count = 0;
  k->own_rc.gen = 0;
  k->own_rc.closing = NULL;
  k->rc = rc ? rc : &k->own_rc;
  k->block = b;
  k->next_sibling = k;
  k->attach_count = NULL;
  k->removed = false;
  k->null_pointer = false;
  k->self_mapped = false;
}

/* Queue block B for freeing if nothing holds it any more.  Blocks are
   freed only after a whole construct is undone, because its items may
   still point to keys inside them.  */
static inline void
gt_collect_dead (struct gt_block *b, struct gt_block **dead)
{
  if (b->live_keys == 0 && b->pins == 0 && !b->free_pending)
    {
      b->free_pending = true;
      b->next_dead = *dead;
      *dead = b;
    }
}

/* The lookup of a zero-length array section [P, P): it is present only
   if the byte at P is mapped.  */
static inline struct gt_key *
gt_zero_len_lookup (struct gt_splay_tree *map, uintptr_t s, uintptr_t e)
{
  return gt_splay_lookup (map, s, s == e ? s + 1 : e);
}

/* ---- Copies and pointers (mapping-attach.c).  ---- */

void gt_copy_key_range (struct gt_xfer *x, struct gt_key *k,
			uintptr_t host, size_t len, bool to_device) GT_HIDDEN;
void gt_attach_pointer (struct gt_xfer *x, struct gt_key *n,
			uintptr_t slot, uintptr_t bias,
			bool allow_zero_length, const void *region_fn)
  GT_HIDDEN;
void gt_detach_pointer (struct gt_xfer *x, struct gt_key *n,
			uintptr_t slot, bool finalize) GT_HIDDEN;

static inline void
gt_copy_back (struct gt_xfer *x, struct gt_key *k, uintptr_t host,
	      size_t len)
{
  gt_copy_key_range (x, k, host, len, false);
}

/* Translate the pointer stored at host address SLOT (with BIAS) into a
   device address: the value to store in the device copy of the slot.  */
static inline uintptr_t
gt_translate_pointer (struct gt_device *dev, uintptr_t slot, uintptr_t bias)
{
  uintptr_t target = (uintptr_t) *(void **) slot;
  struct gt_key *n;

  if (target == 0)
    return 0;
  target += bias;
  n = gt_splay_lookup_0len (&dev->mem_map, target, target);
  if (n == NULL)
    gt_fatal ("Pointer target of array section wasn't mapped");
  return gt_key_translate (n, target) - bias;
}

/* ---- The passes of gt_map_vars_locked (mapping-plan.c, mapping-map.c)
   and their per-thread storage (mapping-scratch.c).  ---- */

/* What gt_map_vars_locked decided for one item.  */
enum gt_item_state
{
  ST_NONE,		/* Nothing on the device; device value NULL.  */
  ST_INLINE,		/* The host value is passed as is.  */
  ST_EXISTING,		/* Found in the table.  */
  ST_NEW,		/* To be allocated at OFFSET of the new block.  */
  ST_PRIVATE,		/* firstprivate copy at OFFSET.  */
  ST_STRUCT,		/* GOMP_MAP_STRUCT header.  */
  ST_LATE,		/* Resolved after everything else is mapped.  */
  ST_PSET_POINTER,	/* A pointer inside a new Fortran descriptor.  */
  ST_HELD,		/* Found in the index and held, not counted
			   (mapping-held.c); the device address is in
			   OFFSET.  */
  ST_PRIVATE_ATTACH	/* An attach of the pointer at offset SIZE in the
			   firstprivate copy of item OWNER to the
			   firstprivate copy of the item before (GCC 14's
			   firstprivate Fortran allocatables).  */
};

struct gt_item_plan
{
  uintptr_t offset;
  unsigned char state;
  unsigned char kind;
  bool implicit;
  bool new_pointer;	/* A new POINTER slot to fill with the target.  */
  size_t group;		/* 1 + struct group of a new key, or 0.  */
  size_t owner;		/* ST_PSET_POINTER: the descriptor's item.  */
};

/* The state of one gt_map_vars_locked call, shared by its passes.  */
/* gt_map_vars_locked sets each field: a new one is set there too.  */
struct gt_map_ctx
{
  struct gt_xfer *x;
  struct gt_device *dev;
  struct gt_splay_tree *map;
  size_t mapnum;
  void **hostaddrs;
  size_t *sizes;
  const void *kinds;
  bool short_kinds;
  const void *region_fn;	/* The construct's region_fn.  */
  struct gt_item_plan *plan;
  struct gt_map_item *items;
  /* The layout of the new block (pass 1).  */
  size_t new_size;
  size_t new_align;
  size_t nnew;			/* New keys.  */
  size_t ngroups;		/* New structures (shared counts).  */
  size_t nlate;			/* ST_LATE items.  */
  size_t nvalues;		/* Private copies and pointers of new
				   descriptors, written in the new block
				   besides the new keys' data.  */
  bool have_private;
  bool have_pset_pointers;	/* Items of state ST_PSET_POINTER.  */
  bool hold;			/* Items may hold their keys (ST_HELD).  */
  size_t nheld;			/* Items of state ST_HELD.  */
  bool holdable_new;		/* New keys were entered holdable.  */
  /* The new block (pass 2).  */
  struct gt_block *block;
  struct gt_key *keys;
  struct gt_refcount *rcs;
  uintptr_t base;
  /* Small copies to the new block are staged and sent in one go.  */
  unsigned char *staging;
  size_t stage_lo, stage_hi;
  /* Mapped data of the program is staged, not only firstprivate copies
     and device addresses (which alone make the staged copy the
     runtime's own for GOMPTARGET_PROFILE).  */
  bool stage_mapped;
};

static inline int
gt_kind_at (const struct gt_map_ctx *m, size_t i)
{
  bool implicit;
  return gt_decode_kind (m->kinds, m->short_kinds, i, NULL, &implicit);
}

/* ---- Keys held by target regions (mapping-held.c).  ---- */

/* Construct C, a target region, holds N more keys (items of state
   ST_HELD).  */
void gt_held_add_locked (struct gt_construct *c, size_t n) GT_HIDDEN;

/* Construct C ends (gt_unmap_vars_locked): it holds its keys no longer.
   Where its operations on X may still run, it counts them instead.  */
void gt_held_release_locked (struct gt_xfer *x, struct gt_construct *c)
  GT_HIDDEN;

/* The count of K is about to go down: the constructs that hold K count
   it instead, first.  */
void gt_held_count_key_locked (struct gt_device *dev, struct gt_key *k)
  GT_HIDDEN;

static inline void
gt_held_count_key_maybe_locked (struct gt_device *dev, struct gt_key *k)
{
  if (GT_UNLIKELY (dev->holders != NULL))
    gt_held_count_key_locked (dev, k);
}

/* Pass 1: find what exists, lay out what does not.  */
void gt_plan_items (struct gt_map_ctx *m, enum gt_map_purpose purpose)
  GT_HIDDEN;

/* Check that an existing key N may serve [S, E).  */
void gt_check_existing (struct gt_key *n, uintptr_t s, uintptr_t e, int kind,
			bool implicit) GT_HIDDEN;

/* The calling thread's storage for N plans, zeroed.  */
static inline struct gt_item_plan *
gt_thread_plans (size_t n)
{
  struct gt_item_plan *p;

  p = gt_scratch_get ((void **) &gt_scratch.plan, &gt_scratch.plan_cap,
		      n * sizeof *p);
  memset (p, 0, n * sizeof *p);
  return p;
}

/* Make C's item list hold N more items.  */
void gt_construct_grow (struct gt_construct *c, size_t n) GT_HIDDEN;

static inline void
gt_construct_reserve (struct gt_construct *c, size_t n)
{
  if (GT_UNLIKELY (c->nitems + n > c->capacity))
    gt_construct_grow (c, n);
}

#endif /* GT_MAPPING_INTERNAL_H */
