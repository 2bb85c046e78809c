/* mapping.c -- the data environment of a device: mapping the items of a
   construct into the device's splay tree (allocating one device block
   for everything a construct adds, with one host-to-device transfer for
   its small items), reference counts, pointers and attachments, and the
   undoing at the end of a construct, exit data and target update.

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

#include "mapping.h"
#include "device-calls.h"
#include "gomp-map-kinds.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

/* Items at most this large are staged and copied in one transfer.  */
#define GT_STAGE_LIMIT (64 * 1024)

/* What gt_map_vars_locked decided for one item.  */
enum item_state
{
  ST_NONE,		/* Nothing on the device; device value NULL.  */
  ST_INLINE,		/* The host value is passed as is.  */
  ST_EXISTING,		/* Found in the table.  */
  ST_NEW,		/* To be allocated at OFFSET of the new block.  */
  ST_PRIVATE,		/* firstprivate copy at OFFSET.  */
  ST_STRUCT,		/* GOMP_MAP_STRUCT header.  */
  ST_LATE,		/* Resolved after everything else is mapped.  */
  ST_PSET_POINTER	/* A pointer inside a new Fortran descriptor.  */
};

struct item_plan
{
  uintptr_t offset;
  unsigned char state;
  unsigned char kind;
  bool implicit;
  bool new_pointer;	/* A new POINTER slot to fill with the target.  */
  size_t group;		/* 1 + struct group of a new key, or 0.  */
  size_t owner;		/* ST_PSET_POINTER: the descriptor's item.  */
};

/* Per-thread scratch storage: the launch path allocates nothing once
   these have grown to fit.  */
static GT_TLS struct gt_construct thread_construct;
static GT_TLS struct item_plan *thread_plan;
static GT_TLS size_t thread_plan_cap;	/* In bytes, as the others.  */
static GT_TLS void **thread_devaddrs;
static GT_TLS size_t thread_devaddrs_cap;
static GT_TLS unsigned char *thread_stage;
static GT_TLS size_t thread_stage_cap;

/* Free this thread's scratch storage when it exits.  */
static pthread_key_t scratch_key;
static pthread_once_t scratch_once = PTHREAD_ONCE_INIT;

static void
free_scratch (void *unused)
{
  (void) unused;
  gt_construct_release (&thread_construct);
  free (thread_plan);
  free (thread_devaddrs);
  free (thread_stage);
  thread_plan = NULL;
  thread_devaddrs = NULL;
  thread_stage = NULL;
  thread_plan_cap = thread_devaddrs_cap = thread_stage_cap = 0;
}

static void
make_scratch_key (void)
{
  pthread_key_create (&scratch_key, free_scratch);
}

/* Called when a thread first allocates scratch storage.  */
static void
register_scratch (void)
{
  pthread_once (&scratch_once, make_scratch_key);
  pthread_setspecific (scratch_key, (void *) 1);
}

struct gt_construct *
gt_thread_construct (void)
{
  return &thread_construct;
}

/* Make the thread's scratch buffer *BUF hold at least N bytes.  */
static void *
scratch (void **buf, size_t *cap, size_t n)
{
  if (n > *cap)
    {
      if (*cap == 0)
	register_scratch ();
      if (n < 256)
	n = 256;
      free (*buf);
      *buf = gt_malloc (n);
      *cap = n;
    }
  return *buf;
}

void **
gt_thread_devaddrs (size_t n)
{
  return scratch ((void **) &thread_devaddrs, &thread_devaddrs_cap,
		  n * sizeof (void *));
}

static struct item_plan *
thread_plans (size_t n)
{
  struct item_plan *p = scratch ((void **) &thread_plan, &thread_plan_cap,
				 n * sizeof *p);
  memset (p, 0, n * sizeof *p);
  return p;
}

static unsigned char *
thread_staging (size_t n)
{
  return scratch ((void **) &thread_stage, &thread_stage_cap, n);
}

static void
construct_reserve (struct gt_construct *c, size_t n)
{
  if (c->nitems + n > c->capacity)
    {
      size_t cap = c->capacity * 2;
      if (cap < c->nitems + n)
	cap = c->nitems + n;
      if (cap < 8)
	cap = 8;
      c->items = gt_realloc (c->items, cap * sizeof *c->items);
      c->capacity = cap;
    }
}

void
gt_construct_release (struct gt_construct *c)
{
  free (c->items);
  c->items = NULL;
  c->nitems = c->capacity = 0;
}

/* Decode kind I: the kind, its alignment and whether it is implicit.  */
static inline int
decode_kind (const void *kinds, bool short_kinds, size_t i, size_t *align,
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

static inline bool
copy_to_p (int kind)
{
  /* A Fortran array descriptor (to_pset) is copied too.  */
  return (!(kind & 0x0c) && (kind & GT_MAPF_TO))
	 || kind == GT_MAP_TO_PSET;
}

static inline bool
copy_from_p (int kind)
{
  return !(kind & 0x0c) && (kind & GT_MAPF_FROM);
}

static inline bool
always_to_p (int kind)
{
  return kind == GT_MAP_ALWAYS_TO || kind == GT_MAP_ALWAYS_TOFROM;
}

static inline bool
always_from_p (int kind)
{
  return kind == GT_MAP_ALWAYS_FROM || kind == GT_MAP_ALWAYS_TOFROM;
}

static inline bool
pointer_p (int kind)
{
  return kind == GT_MAP_POINTER
	 || kind == GT_MAP_POINTER_TO_ZERO_LENGTH_ARRAY_SECTION;
}

static const char *
kind_name (int kind)
{
  switch (kind)
    {
    case GT_MAP_ALLOC: return "alloc";
    case GT_MAP_TO: return "to";
    case GT_MAP_FROM: return "from";
    case GT_MAP_TOFROM: return "tofrom";
    case GT_MAP_ALWAYS_TO: return "always,to";
    case GT_MAP_ALWAYS_FROM: return "always,from";
    case GT_MAP_ALWAYS_TOFROM: return "always,tofrom";
    case GT_MAP_POINTER: return "pointer";
    case GT_MAP_TO_PSET: return "to_pset";
    case GT_MAP_ZERO_LEN_ARRAY_SECTION: return "zero-length";
    default: return "other";
    }
}

/* ---- Keys and blocks.  ---- */

static struct gt_block *
block_new (struct gt_device *dev, size_t size, size_t nkeys, size_t nrcs,
	   struct gt_key **keys, struct gt_refcount **rcs)
{
  struct gt_block *b = gt_malloc (sizeof *b + nkeys * sizeof (struct gt_key)
				  + nrcs * sizeof (struct gt_refcount));
  b->dev = dev;
  b->dev_ptr = size ? gt_dev_alloc (dev, size, NULL) : NULL;
  b->live_keys = 0;
  b->free_pending = false;
  b->next_dead = NULL;
  *keys = (struct gt_key *) (b + 1);
  if (rcs)
    *rcs = (struct gt_refcount *) (*keys + nkeys);
  return b;
}

static void
block_free (struct gt_block *b)
{
  if (b->dev_ptr)
    gt_dev_free (b->dev, b->dev_ptr);
  free (b);
}

static void
key_init (struct gt_key *k, uintptr_t start, uintptr_t end,
	  uintptr_t dev_addr, struct gt_block *b, struct gt_refcount *rc)
{
  k->node.host_start = start;
  k->node.host_end = end;
  k->node.left = k->node.right = NULL;
  k->dev_addr = dev_addr;
  k->own_rc.count = 0;
  k->own_rc.gen = 0;
  k->rc = rc ? rc : &k->own_rc;
  k->block = b;
  k->next_sibling = k;
  k->attach_count = NULL;
  k->removed = false;
  k->null_pointer = false;
  k->self_mapped = false;
}

/* Take KEY (and its structure siblings) out of the table.  The blocks are
   freed by the caller once no key of theirs is referenced any more.  */
static void
key_remove (struct gt_device *dev, struct gt_key *key)
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

/* Queue block B for freeing if nothing holds it any more.  Blocks are
   freed only after a whole construct is undone, because its items may
   still point to keys inside them.  */
static void
collect_dead (struct gt_block *b, struct gt_block **dead)
{
  if (b->live_keys == 0 && !b->free_pending)
    {
      b->free_pending = true;
      b->next_dead = *dead;
      *dead = b;
    }
}

static void
free_dead (struct gt_block *dead)
{
  while (dead)
    {
      struct gt_block *next = dead->next_dead;
      block_free (dead);
      dead = next;
    }
}

/* ---- Copies.  ---- */

/* Copy [HOST, HOST+LEN) of key K between host and device, leaving alone
   the pointer slots that are still attached: on the device they hold a
   device address, on the host the host's.  */
static void
copy_key_range (struct gt_device *dev, struct gt_key *k, uintptr_t host,
		size_t len, bool to_device)
{
  uintptr_t end = host + len, a = host;

  if (k->self_mapped)
    return;
  while (a < end)
    {
      uintptr_t run_end = end;
      if (k->attach_count != NULL)
	{
	  size_t idx = (a - GT_KEY_START (k)) / sizeof (void *);
	  run_end = GT_KEY_START (k) + (idx + 1) * sizeof (void *);
	  if (run_end > end)
	    run_end = end;
	  if (k->attach_count[idx] != 0)
	    {
	      a = run_end;
	      continue;
	    }
	}
      if (to_device)
	gt_copy_to_dev (dev, (void *) gt_key_translate (k, a), (void *) a,
			run_end - a);
      else
	gt_copy_from_dev (dev, (void *) a, (void *) gt_key_translate (k, a),
			  run_end - a);
      a = run_end;
    }
}

static inline void
copy_back (struct gt_device *dev, struct gt_key *k, uintptr_t host,
	   size_t len)
{
  copy_key_range (dev, k, host, len, false);
}

/* Translate the pointer stored at host address SLOT (with BIAS) into a
   device address: the value to store in the device copy of the slot.  */
static uintptr_t
translate_pointer (struct gt_device *dev, uintptr_t slot, uintptr_t bias)
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

/* ---- Attach and detach.  ---- */

static void
attach_pointer (struct gt_device *dev, struct gt_key *n, uintptr_t slot,
		uintptr_t bias, bool allow_zero_length)
{
  size_t nslots = (GT_KEY_END (n) - GT_KEY_START (n) + sizeof (void *) - 1)
		  / sizeof (void *);
  size_t idx = (slot - GT_KEY_START (n)) / sizeof (void *);

  /* A variable mapped onto itself (declare target on a device that runs
     host code) is the host's: a device address must not land there.  */
  if (n->self_mapped)
    return;
  if (n->attach_count == NULL)
    n->attach_count = gt_calloc (nslots ? nslots : 1, sizeof (uintptr_t));
  if (++n->attach_count[idx] != 1)
    return;

  uintptr_t target = (uintptr_t) *(void **) slot, data;
  if (target == 0)
    gt_fatal ("attempt to attach null pointer");
  struct gt_key *tn = gt_splay_lookup (&dev->mem_map, target + bias,
				       target + bias + 1);
  if (tn == NULL)
    {
      if (!allow_zero_length)
	gt_fatal ("pointer target not mapped for attach");
      data = 0;
    }
  else
    data = gt_key_translate (tn, target);
  gt_debug ("attach host slot %p on device %d to %p", (void *) slot,
	    dev->id, (void *) data);
  gt_copy_to_dev (dev, (void *) gt_key_translate (n, slot), &data,
		  sizeof data);
}

static void
detach_pointer (struct gt_device *dev, struct gt_key *n, uintptr_t slot,
		bool finalize)
{
  size_t idx = (slot - GT_KEY_START (n)) / sizeof (void *);

  if (n->attach_count == NULL || n->attach_count[idx] == 0)
    return;
  if (finalize)
    n->attach_count[idx] = 1;
  if (--n->attach_count[idx] != 0)
    return;
  /* Give the device copy back the host's value.  */
  uintptr_t target = (uintptr_t) *(void **) slot;
  gt_debug ("detach host slot %p on device %d", (void *) slot, dev->id);
  gt_copy_to_dev (dev, (void *) gt_key_translate (n, slot), &target,
		  sizeof target);
}

/* ---- Mapping.  ---- */

/* The lookup of a zero-length array section [P, P): it is present only
   if the byte at P is mapped.  */
static inline struct gt_key *
zero_len_lookup (struct gt_splay_tree *map, uintptr_t s, uintptr_t e)
{
  return gt_splay_lookup (map, s, s == e ? s + 1 : e);
}

static void __attribute__ ((noreturn))
overlap_fatal (uintptr_t s, uintptr_t e, struct gt_key *n)
{
  gt_fatal ("Trying to map into device [%p..%p) object when [%p..%p) is "
	    "already mapped", (void *) s, (void *) e,
	    (void *) GT_KEY_START (n), (void *) GT_KEY_END (n));
}

/* Check that an existing key N may serve [S, E): new inside old, or for
   an implicit map old inside new.  */
static void
check_existing (struct gt_key *n, uintptr_t s, uintptr_t e, int kind,
		bool implicit)
{
  bool inside = GT_KEY_START (n) <= s && e <= GT_KEY_END (n);
  bool implicit_subset = implicit && s <= GT_KEY_START (n)
			 && GT_KEY_END (n) <= e;
  if ((kind & GT_MAPF_FORCE) || !(inside || implicit_subset))
    overlap_fatal (s, e, n);
}

/* Resolve the fields FIRST..LAST of a structure whose range overlaps the
   existing key N: each must already be mapped in N's structure.  */
static void
map_struct_existing (struct gt_device *dev, struct gt_key *n, size_t first,
		     size_t last, void **hostaddrs, size_t *sizes,
		     struct gt_map_item *items, struct item_plan *plan)
{
  size_t j;

  for (j = first; j <= last; j++)
    {
      uintptr_t s = (uintptr_t) hostaddrs[j], e = s + sizes[j];
      struct gt_key *f = gt_splay_lookup_0len (&dev->mem_map, s, e);
      if (f == NULL || f->rc != n->rc
	  || (f != n && (GT_KEY_START (f) - GT_KEY_START (n)
			 != f->dev_addr - n->dev_addr))
	  || s < GT_KEY_START (f) || e > GT_KEY_END (f))
	gt_fatal ("Trying to map into device [%p..%p) structure element "
		  "when other mapped elements from the same structure "
		  "weren't mapped together with it", (void *) s,
		  (void *) e);
      items[j].key = f;
      plan[j].state = ST_EXISTING;
    }
}

/* The state of one gt_map_vars_locked call, shared by its passes.  */
struct map_ctx
{
  struct gt_device *dev;
  struct gt_splay_tree *map;
  size_t mapnum;
  void **hostaddrs;
  size_t *sizes;
  const void *kinds;
  bool short_kinds;
  struct item_plan *plan;
  struct gt_map_item *items;
  /* The layout of the new block (pass 1).  */
  size_t new_size;
  size_t new_align;
  size_t nnew;			/* New keys.  */
  size_t ngroups;		/* New structures (shared counts).  */
  size_t nlate;			/* ST_LATE items.  */
  bool have_private;
  /* The new block (pass 2).  */
  struct gt_block *block;
  struct gt_key *keys;
  struct gt_refcount *rcs;
  uintptr_t base;
  /* Small copies to the new block are staged and sent in one go.  */
  unsigned char *staging;
  size_t stage_lo, stage_hi;
};

static inline int
kind_at (const struct map_ctx *m, size_t i)
{
  bool implicit;
  return decode_kind (m->kinds, m->short_kinds, i, NULL, &implicit);
}

/* Reserve SIZE bytes aligned to ALIGN in the new block; the offset.  */
static size_t
reserve (struct map_ctx *m, size_t size, size_t align)
{
  size_t off = (m->new_size + align - 1) & ~(align - 1);
  if (align > m->new_align)
    m->new_align = align;
  m->new_size = off + size;
  return off;
}

/* Copy LEN bytes from SRC to offset OFF of the new block: into the
   staging buffer, or straight to the device when not staging.  */
static void
put (struct map_ctx *m, size_t off, const void *src, size_t len)
{
  if (m->staging == NULL)
    {
      gt_copy_to_dev (m->dev, (void *) (m->base + off), src, len);
      return;
    }
  memcpy (m->staging + off, src, len);
  if (off < m->stage_lo)
    m->stage_lo = off;
  if (off + len > m->stage_hi)
    m->stage_hi = off + len;
}

/* A Fortran descriptor (to_pset) at item I, [S, E), is followed by the
   pointers it contains.  If it is new (N is NULL), each gets the device
   address of its target once everything is mapped.  If it exists, they
   exist with it -- unless it was mapped while its data pointer was null
   (an unallocated array) or is a declare target variable and the pointer
   is set now, or the pointer is an always pointer: then the descriptor is
   copied again and the pointer remapped, as libgomp does.  Return the
   index of the last pointer.  */
static size_t
claim_pset_pointers (struct map_ctx *m, size_t i, uintptr_t s, uintptr_t e,
		     struct gt_key *n)
{
  bool remap = n && !n->self_mapped
	       && (n->null_pointer || n->rc->count == GT_REFCOUNT_INFINITY);
  bool copied = false;
  size_t j;

  for (j = i + 1; j < m->mapnum; j++)
    {
      int kind = kind_at (m, j);
      uintptr_t p = (uintptr_t) m->hostaddrs[j];
      bool always = kind == GT_MAP_ALWAYS_POINTER;
      if (!(pointer_p (kind) || always) || p < s
	  || p + sizeof (void *) > e)
	break;
      m->plan[j].kind = (unsigned char) kind;
      m->plan[j].owner = i;
      m->plan[j].state = ST_PSET_POINTER;
      m->items[j].key = n;
      m->items[j].host_start = p;
      m->items[j].length = sizeof (void *);
      if (n && (n->self_mapped
		|| (!always && !(remap && *(void **) p != NULL))))
	m->plan[j].state = ST_EXISTING;
      else if (n && !copied)
	{
	  copy_key_range (m->dev, n, s, e - s, true);
	  copied = true;
	}
    }
  return j - 1;
}

/* Pass 1 for a structure header at I: its fields FIRST..LAST exist all
   together, or are laid out together as one new range with one shared
   count.  Return the index of the last field.  */
static size_t
plan_struct (struct map_ctx *m, size_t i, size_t align)
{
  size_t first = i + 1, last = i + m->sizes[i], j;
  uintptr_t s = (uintptr_t) m->hostaddrs[i], e, off;
  struct gt_key *n;

  if (m->sizes[i] == 0 || last >= m->mapnum)
    gt_fatal ("malformed structure mapping (%zu fields)", m->sizes[i]);
  /* The structure spans from its header's address (where the first
     mapped field is) to the end of the last field.  */
  if ((uintptr_t) m->hostaddrs[first] < s)
    s = (uintptr_t) m->hostaddrs[first];
  e = (uintptr_t) m->hostaddrs[last] + m->sizes[last];
  m->plan[i].state = ST_STRUCT;
  for (j = first; j <= last; j++)
    {
      m->plan[j].kind = (unsigned char) kind_at (m, j);
      m->items[j].host_start = (uintptr_t) m->hostaddrs[j];
      m->items[j].length = m->sizes[j];
    }
  n = gt_splay_lookup_0len (m->map, s, e);
  if (n != NULL)
    {
      map_struct_existing (m->dev, n, first, last, m->hostaddrs, m->sizes,
			   m->items, m->plan);
      for (j = first; j <= last; j++)
	if (always_to_p (m->plan[j].kind))
	  copy_key_range (m->dev, m->items[j].key, m->items[j].host_start,
			  m->sizes[j], true);
      return last;
    }
  m->ngroups++;
  off = reserve (m, e - s, align);
  for (j = first; j <= last; j++)
    {
      m->plan[j].state = ST_NEW;
      m->plan[j].offset = off + ((uintptr_t) m->hostaddrs[j] - s);
      m->plan[j].group = m->ngroups;
      m->nnew++;
    }
  return last;
}

/* Pass 1: find what exists, lay out what does not.  */
static void
plan_items (struct map_ctx *m, enum gt_map_purpose purpose)
{
  size_t i;

  for (i = 0; i < m->mapnum; i++)
    {
      struct item_plan *pl = &m->plan[i];
      struct gt_map_item *it = &m->items[i];
      size_t align;
      bool implicit;
      int kind = decode_kind (m->kinds, m->short_kinds, i, &align,
			      &implicit);
      uintptr_t s = (uintptr_t) m->hostaddrs[i], e;
      struct gt_key *n;

      pl->kind = (unsigned char) kind;
      pl->implicit = implicit;
      it->host_start = s;
      it->length = m->sizes[i];

      /* A NULL base (an absent optional argument, a section of a null
	 pointer) passes NULL, whatever the kind.  */
      if (s == 0)
	{
	  pl->state = ST_INLINE;
	  continue;
	}
      switch (kind)
	{
	case GT_MAP_FIRSTPRIVATE_INT:
	  pl->state = ST_INLINE;
	  continue;
	case GT_MAP_USE_DEVICE_PTR:
	case GT_MAP_USE_DEVICE_PTR_IF_PRESENT:
	case GT_MAP_ATTACH:
	case GT_MAP_ATTACH_ZERO_LENGTH_ARRAY_SECTION:
	case GT_MAP_ALWAYS_POINTER:
	  pl->state = ST_LATE;
	  m->nlate++;
	  continue;
	case GT_MAP_FIRSTPRIVATE:
	  if (purpose == GT_MAP_FOR_TARGET)
	    {
	      pl->state = ST_PRIVATE;
	      pl->offset = reserve (m, m->sizes[i], align);
	      m->have_private = true;
	    }
	  continue;
	case GT_MAP_STRUCT:
	  i = plan_struct (m, i, align);
	  continue;
	default:
	  break;
	}

      e = s + (pointer_p (kind) ? sizeof (void *) : m->sizes[i]);
      if (kind == GT_MAP_ZERO_LEN_ARRAY_SECTION)
	n = zero_len_lookup (m->map, s, e);
      else
	n = gt_splay_lookup (m->map, s, e);

      if (n != NULL)
	{
	  check_existing (n, s, e, kind, implicit);
	  pl->state = ST_EXISTING;
	  it->key = n;
	  if (always_to_p (kind))
	    copy_key_range (m->dev, n, s, e - s, true);
	  if (kind == GT_MAP_TO_PSET)
	    i = claim_pset_pointers (m, i, s, e, n);
	  continue;
	}
      if (kind == GT_MAP_ZERO_LEN_ARRAY_SECTION)
	{
	  pl->state = ST_NONE;
	  continue;
	}
      if (kind == GT_MAP_IF_PRESENT)
	{
	  /* Absent: skip it and the pointer that goes with it.  */
	  pl->state = ST_NONE;
	  if (i + 1 < m->mapnum && pointer_p (kind_at (m, i + 1)))
	    m->plan[++i].state = ST_NONE;
	  continue;
	}
      if (pointer_p (kind))
	{
	  align = sizeof (void *);
	  pl->new_pointer = true;
	}
      pl->state = ST_NEW;
      pl->offset = reserve (m, e - s, align);
      m->nnew++;
      if (kind == GT_MAP_TO_PSET)
	i = claim_pset_pointers (m, i, s, e, NULL);
    }
}

/* Pass 2: allocate one block for all new keys and private copies, and
   decide whether its copies are staged.  */
static void
allocate_block (struct map_ctx *m, struct gt_construct *c)
{
  size_t i, slack;

  if (m->nnew == 0 && !m->have_private)
    return;
  /* Device allocators align to at least 16; larger alignments are met by
     offsetting inside an enlarged block.  */
  slack = m->new_align > 16 ? m->new_align - 1 : 0;
  m->block = block_new (m->dev, m->new_size + slack, m->nnew, m->ngroups,
			&m->keys, &m->rcs);
  for (i = 0; i < m->ngroups; i++)
    {
      m->rcs[i].count = 0;
      m->rcs[i].gen = 0;
    }
  m->base = ((uintptr_t) m->block->dev_ptr + slack) & ~(uintptr_t) slack;
  if (m->have_private)
    {
      /* The construct holds the block until it ends.  */
      m->block->live_keys++;
      c->private_block = m->block;
    }
  if (m->new_size <= GT_STAGE_LIMIT)
    {
      m->staging = thread_staging (m->new_size);
      m->stage_lo = m->new_size;
      m->stage_hi = 0;
    }
}

/* Pass 2: enter the new keys in the table, with their copies.  */
static void
insert_new_keys (struct map_ctx *m)
{
  size_t i, knext = 0;

  for (i = 0; i < m->mapnum; i++)
    {
      struct item_plan *pl = &m->plan[i];
      uintptr_t s = m->items[i].host_start, e;
      struct gt_key *n;

      if (pl->state == ST_PRIVATE)
	{
	  put (m, pl->offset, (void *) s, m->sizes[i]);
	  continue;
	}
      if (pl->state != ST_NEW)
	continue;
      e = s + (pl->new_pointer ? sizeof (void *) : m->sizes[i]);
      /* An earlier item of this construct may have mapped it already.  */
      if (pl->group == 0 && (n = gt_splay_lookup (m->map, s, e)) != NULL)
	{
	  check_existing (n, s, e, pl->kind, pl->implicit);
	  pl->state = ST_EXISTING;
	  m->items[i].key = n;
	  continue;
	}
      n = &m->keys[knext++];
      key_init (n, s, e, m->base + pl->offset, m->block,
		pl->group ? &m->rcs[pl->group - 1] : NULL);
      /* Link the keys of a new structure in a ring.  */
      if (pl->group && i > 0 && m->plan[i - 1].group == pl->group)
	{
	  struct gt_key *prev = m->items[i - 1].key;
	  n->next_sibling = prev->next_sibling;
	  prev->next_sibling = n;
	}
      gt_splay_insert (m->map, n);
      m->block->live_keys++;
      m->items[i].key = n;
      gt_debug ("map [%p,%p) -> device %d %p (%s)", (void *) s, (void *) e,
		m->dev->id, (void *) n->dev_addr, kind_name (pl->kind));
      if (copy_to_p (pl->kind) && e > s)
	put (m, pl->offset, (void *) s, e - s);
    }
}

/* Pass 2: new pointer slots get the device address of their target,
   which is mapped by now (typically by the item before); so do the
   pointers inside Fortran descriptors.  Then the staged copies go.  */
static void
write_pointers (struct map_ctx *m)
{
  size_t i;

  for (i = 0; i < m->mapnum; i++)
    {
      struct item_plan *pl = &m->plan[i];
      uintptr_t slot = m->items[i].host_start, v;

      if (pl->state == ST_PSET_POINTER)
	{
	  size_t o = pl->owner;
	  struct gt_key *k = m->items[o].key;
	  v = translate_pointer (m->dev, slot, m->sizes[i]);
	  m->items[i].key = k;
	  if (*(void **) slot == NULL)
	    k->null_pointer = true;
	  if (m->plan[o].state == ST_NEW)
	    put (m, m->plan[o].offset + (slot - m->items[o].host_start), &v,
		 sizeof v);
	  else
	    gt_copy_to_dev (m->dev, (void *) gt_key_translate (k, slot), &v,
			    sizeof v);
	}
      else if (pl->state == ST_NEW && pl->new_pointer)
	{
	  v = translate_pointer (m->dev, slot, m->sizes[i]);
	  put (m, pl->offset, &v, sizeof v);
	}
    }
  if (m->staging && m->stage_hi > m->stage_lo)
    gt_copy_to_dev (m->dev, (void *) (m->base + m->stage_lo),
		    m->staging + m->stage_lo, m->stage_hi - m->stage_lo);
}

/* Pass 3: references, at most once per construct (OpenMP 5.0).  */
static void
count_references (struct map_ctx *m, unsigned long gen)
{
  size_t i;

  for (i = 0; i < m->mapnum; i++)
    {
      struct gt_map_item *it = &m->items[i];
      struct gt_key *n = it->key;
      if (n == NULL)
	continue;
      it->copy_from = copy_from_p (m->plan[i].kind);
      it->always_from = always_from_p (m->plan[i].kind);
      if (n->rc->gen != gen)
	{
	  n->rc->gen = gen;
	  if (n->rc->count != GT_REFCOUNT_INFINITY)
	    n->rc->count++;
	  it->counted = true;
	}
    }
}

/* The pointer at SLOT is self-mapped (a declare target pointer on a
   device that runs host code): the region reaches its target through
   the host's pointer, so the target's mapping, if this construct made
   it, becomes self-mapped too; else the region's writes would be
   overwritten by the device copy when it is copied back.  */
static void
share_pointee (struct map_ctx *m, uintptr_t slot, uintptr_t bias)
{
  uintptr_t target = (uintptr_t) *(void **) slot;
  struct gt_key *tn;

  if (target == 0)
    return;
  tn = gt_splay_lookup (m->map, target + bias, target + bias + 1);
  if (tn == NULL || tn->self_mapped || tn->block != m->block
      || tn->next_sibling != tn)
    return;
  gt_debug ("[%p,%p) on device %d is reached through a declare target "
	    "pointer: the host's copy is used", (void *) GT_KEY_START (tn),
	    (void *) GT_KEY_END (tn), m->dev->id);
  tn->dev_addr = GT_KEY_START (tn);
  tn->self_mapped = true;
}

/* Pass 4: what needs everything else mapped first.  */
static void
resolve_late (struct map_ctx *m)
{
  size_t i, left = m->nlate;

  for (i = 0; left && i < m->mapnum; i++)
    {
      uintptr_t s = (uintptr_t) m->hostaddrs[i], v;
      struct gt_key *n;
      int kind = m->plan[i].kind;

      if (m->plan[i].state != ST_LATE)
	continue;
      left--;
      switch (kind)
	{
	case GT_MAP_ATTACH:
	case GT_MAP_ATTACH_ZERO_LENGTH_ARRAY_SECTION:
	  n = gt_splay_lookup (m->map, s, s + sizeof (void *));
	  if (n != NULL && n->self_mapped)
	    share_pointee (m, s, m->sizes[i]);
	  else if (n != NULL)
	    {
	      attach_pointer (m->dev, n, s, m->sizes[i],
			      kind == GT_MAP_ATTACH_ZERO_LENGTH_ARRAY_SECTION);
	      m->items[i].key = n;
	      m->items[i].is_attach = true;
	    }
	  break;
	case GT_MAP_ALWAYS_POINTER:
	  n = gt_splay_lookup (m->map, s, s + sizeof (void *));
	  if (n != NULL && !n->self_mapped)
	    {
	      v = translate_pointer (m->dev, s, m->sizes[i]);
	      gt_copy_to_dev (m->dev, (void *) gt_key_translate (n, s), &v,
			      sizeof v);
	    }
	  break;
	case GT_MAP_USE_DEVICE_PTR:
	case GT_MAP_USE_DEVICE_PTR_IF_PRESENT:
	  n = gt_splay_lookup_0len (m->map, s, s);
	  if (n != NULL)
	    m->hostaddrs[i] = (void *) gt_key_translate (n, s);
	  else if (kind == GT_MAP_USE_DEVICE_PTR)
	    gt_fatal ("use_device_ptr pointer wasn't mapped");
	  break;
	}
    }
}

/* Pass 5: the device value of each item, for a region.  */
static void
device_values (const struct map_ctx *m, void **devaddrs)
{
  size_t i;

  for (i = 0; i < m->mapnum; i++)
    {
      const struct gt_map_item *it = &m->items[i];
      uintptr_t s = (uintptr_t) m->hostaddrs[i], v = 0;

      switch (m->plan[i].state)
	{
	case ST_EXISTING:
	case ST_NEW:
	case ST_PSET_POINTER:
	  v = gt_key_translate (it->key, s);
	  break;
	case ST_INLINE:
	  v = s;
	  break;
	case ST_LATE:
	  /* An attach passes the device address of its pointer slot;
	     use_device_* the (translated) address; an always pointer
	     nothing.  */
	  if (it->is_attach)
	    v = gt_key_translate (it->key, s);
	  else if (m->plan[i].kind != GT_MAP_ALWAYS_POINTER)
	    v = s;
	  break;
	case ST_PRIVATE:
	  v = m->base + m->plan[i].offset;
	  break;
	case ST_STRUCT:
	  /* The device address of the header, from its first field's.  */
	  v = gt_key_translate (m->items[i + 1].key,
				(uintptr_t) m->hostaddrs[i + 1])
	      - ((uintptr_t) m->hostaddrs[i + 1] - s);
	  break;
	default:
	  break;
	}
      devaddrs[i] = (void *) v;
    }
}

void
gt_map_vars_locked (struct gt_device *dev, size_t mapnum, void **hostaddrs,
		    size_t *sizes, const void *kinds, bool short_kinds,
		    enum gt_map_purpose purpose, void **devaddrs,
		    struct gt_construct *c)
{
  struct map_ctx m = {
    .dev = dev, .map = &dev->mem_map, .mapnum = mapnum,
    .hostaddrs = hostaddrs, .sizes = sizes, .kinds = kinds,
    .short_kinds = short_kinds, .new_align = 1
  };

  construct_reserve (c, mapnum);
  m.items = c->items + c->nitems;
  memset (m.items, 0, mapnum * sizeof *m.items);
  m.plan = thread_plans (mapnum);

  plan_items (&m, purpose);
  allocate_block (&m, c);
  insert_new_keys (&m);
  write_pointers (&m);
  count_references (&m, c->gen);
  resolve_late (&m);
  if (purpose == GT_MAP_FOR_TARGET)
    device_values (&m, devaddrs);
  c->nitems += mapnum;
}

void
gt_unmap_vars_locked (struct gt_construct *c)
{
  struct gt_device *dev = c->dev;
  size_t i, n = c->nitems;
  struct gt_map_item *items = c->items;

  /* Detach first: copies back must not carry device addresses.  */
  for (i = 0; i < n; i++)
    if (items[i].is_attach)
      detach_pointer (dev, items[i].key, items[i].host_start, false);

  for (i = 0; i < n; i++)
    if (items[i].counted && items[i].key->rc->count != GT_REFCOUNT_INFINITY)
      items[i].key->rc->count--;

  for (i = 0; i < n; i++)
    {
      struct gt_key *k = items[i].key;
      if (k == NULL || items[i].is_attach)
	continue;
      if ((items[i].copy_from && k->rc->count == 0) || items[i].always_from)
	copy_back (dev, k, items[i].host_start, items[i].length);
    }

  struct gt_block *dead = NULL;
  for (i = 0; i < n; i++)
    {
      struct gt_key *k = items[i].key;
      if (k != NULL && k->rc->count == 0 && !k->removed)
	{
	  key_remove (dev, k);
	  collect_dead (k->block, &dead);
	}
    }
  if (c->private_block)
    {
      c->private_block->live_keys--;
      collect_dead (c->private_block, &dead);
    }
  free_dead (dead);
  c->private_block = NULL;
  c->nitems = 0;
}

void
gt_update_locked (struct gt_device *dev, size_t mapnum, void **hostaddrs,
		  size_t *sizes, const void *kinds, bool short_kinds)
{
  size_t i;

  for (i = 0; i < mapnum; i++)
    {
      bool implicit;
      int kind = decode_kind (kinds, short_kinds, i, NULL, &implicit);
      uintptr_t s = (uintptr_t) hostaddrs[i], e = s + sizes[i];
      struct gt_key *n;

      if (sizes[i] == 0 || !(copy_to_p (kind) || copy_from_p (kind)))
	continue;
      n = gt_splay_lookup (&dev->mem_map, s, e);
      if (n == NULL)
	continue;
      if (s < GT_KEY_START (n) || e > GT_KEY_END (n))
	gt_fatal ("Trying to update [%p..%p) object when only [%p..%p) is "
		  "mapped", (void *) s, (void *) e,
		  (void *) GT_KEY_START (n), (void *) GT_KEY_END (n));
      if (copy_to_p (kind))
	copy_key_range (dev, n, s, e - s, true);
      if (copy_from_p (kind))
	copy_back (dev, n, s, e - s);
    }
}

void
gt_exit_data_locked (struct gt_device *dev, size_t mapnum, void **hostaddrs,
		     size_t *sizes, const unsigned short *kinds)
{
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
	    detach_pointer (dev, n, s, kind == GT_MAP_FORCE_DETACH);
	}
    }

  for (i = 0; i < mapnum; i++)
    {
      bool implicit;
      int kind = decode_kind (kinds, true, i, NULL, &implicit);
      uintptr_t s = (uintptr_t) hostaddrs[i], e = s + sizes[i];
      struct gt_key *k;
      bool first, do_copy, zero;

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
	case GT_MAP_POINTER:
	case GT_MAP_TO_PSET:
	  continue;
	default:
	  gt_fatal ("target exit data: unexpected map kind 0x%.2x", kind);
	}
      if (kind == GT_MAP_ZERO_LEN_ARRAY_SECTION
	  || kind == GT_MAP_DELETE_ZERO_LEN_ARRAY_SECTION)
	k = zero_len_lookup (&dev->mem_map, s, e);
      else
	k = gt_splay_lookup (&dev->mem_map, s, e);
      if (k == NULL || k->removed || k->rc->count == GT_REFCOUNT_INFINITY)
	continue;

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
	copy_back (dev, k, s, e - s);
      if (zero)
	gone[ngone++] = k;
    }

  struct gt_block *dead = NULL;
  for (i = 0; i < ngone; i++)
    if (!gone[i]->removed)
      {
	key_remove (dev, gone[i]);
	collect_dead (gone[i]->block, &dead);
      }
  free_dead (dead);
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
  b = block_new (dev, 0, 1, 0, &k, NULL);
  key_init (k, host, host + size, dev_addr, b, NULL);
  k->rc->count = GT_REFCOUNT_INFINITY;
  gt_splay_insert (&dev->mem_map, k);
  b->live_keys = 1;
  gt_debug ("associate [%p,%p) with device %d %p", (void *) host,
	    (void *) (host + size), dev->id, (void *) dev_addr);
  return 0;
}

int
gt_disassociate_locked (struct gt_device *dev, uintptr_t host)
{
  struct gt_key *n = gt_splay_lookup_0len (&dev->mem_map, host, host);

  if (n == NULL || GT_KEY_START (n) != host
      || n->rc->count != GT_REFCOUNT_INFINITY || n->block->dev_ptr != NULL)
    return EINVAL;
  key_remove (dev, n);
  block_free (n->block);
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
