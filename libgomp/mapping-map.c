/* mapping-map.c -- gt_map_vars_locked, the mapping of the items of a
   construct, and its passes after the plan (mapping-plan.c): allocate
   one device block, enter the new keys with their copies (the small ones
   staged and sent in one transfer), write the new pointers, count
   references, resolve attachments and use_device_*, and give a region
   the device value of each item.

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

#include <string.h>

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

/* Note that the staged bytes [OFF, OFF+LEN) of the new block are used.  */
static inline void
staged (struct gt_map_ctx *m, size_t off, size_t len)
{
  if (off < m->stage_lo)
    m->stage_lo = off;
  if (off + len > m->stage_hi)
    m->stage_hi = off + len;
}

/* Copy LEN bytes of host memory at SRC to offset OFF of the new block:
   into the staging memory, or straight to the device when not staging.
   The host memory is read when the copy runs (transfer.h).  */
static void
put (struct gt_map_ctx *m, size_t off, const void *src, size_t len)
{
  if (m->staging == NULL)
    {
      gt_xfer_to (m->x, (void *) (m->base + off), src, len);
      return;
    }
  gt_xfer_read (m->x, m->staging + off, src, len);
  staged (m, off, len);
}

/* Likewise for the value at SRC, computed now.  */
static void
put_value (struct gt_map_ctx *m, size_t off, const void *src, size_t len)
{
  if (m->staging == NULL)
    {
      gt_xfer_value (m->x, (void *) (m->base + off), src, len);
      return;
    }
  memcpy (m->staging + off, src, len);
  staged (m, off, len);
}

/* Pass 2: allocate one block for all new keys and private copies (there
   are some), and decide whether its copies are staged.  */
static void
allocate_block (struct gt_map_ctx *m, struct gt_construct *c)
{
  size_t i, slack;

  /* Device allocators align to at least 16; larger alignments are met by
     offsetting inside an enlarged block.  */
  slack = m->new_align > 16 ? m->new_align - 1 : 0;
  m->block = gt_block_new (m->dev, m->new_size + slack, m->nnew, m->ngroups,
			   &m->keys, &m->rcs);
  for (i = 0; i < m->ngroups; i++)
    {
      m->rcs[i].count = 0;
      m->rcs[i].gen = 0;
      m->rcs[i].closing = NULL;
    }
  m->base = ((uintptr_t) m->block->dev_ptr + slack) & ~(uintptr_t) slack;
  if (m->have_private)
    {
      /* The construct holds the block until it ends.  */
      m->block->live_keys++;
      c->private_block = m->block;
    }
  /* Staged, small copies go as one; with one copy there is nothing to
     join.  */
  if (m->new_size <= GT_STAGE_LIMIT && m->nnew + m->nvalues > 1)
    {
      m->staging = gt_xfer_stage (m->x, m->new_size);
      m->stage_lo = m->new_size;
      m->stage_hi = 0;
    }
}

/* Pass 2: enter the new keys in the table, with their copies.  */
static void
insert_new_keys (struct gt_map_ctx *m)
{
  size_t i, knext = 0;

  for (i = 0; i < m->mapnum; i++)
    {
      struct gt_item_plan *pl = &m->plan[i];
      uintptr_t s = m->items[i].host_start, e;
      struct gt_key *n;
      bool holdable;

      if (pl->state == ST_PRIVATE)
	{
	  /* A firstprivate copy: the runtime's own.  */
	  bool own = gt_profile_own_begin ();

	  put (m, pl->offset, (void *) s, m->sizes[i]);
	  gt_profile_own_end (own);
	  continue;
	}
      if (pl->state != ST_NEW)
	continue;
      e = s + (pl->new_pointer ? sizeof (void *) : m->sizes[i]);
      /* An earlier item of this construct may have mapped it already.  */
      if (pl->group == 0 && (n = gt_splay_lookup (m->map, s, e)) != NULL)
	{
	  gt_check_existing (n, s, e, pl->kind, pl->implicit);
	  pl->state = ST_EXISTING;
	  m->items[i].key = n;
	  continue;
	}
      n = &m->keys[knext++];
      gt_key_init (n, s, e, m->base + pl->offset, m->block,
		   pl->group ? &m->rcs[pl->group - 1] : NULL);
      /* Link the keys of a new structure in a ring.  */
      if (pl->group && i > 0 && m->plan[i - 1].group == pl->group)
	{
	  struct gt_key *prev = m->items[i - 1].key;
	  n->next_sibling = prev->next_sibling;
	  prev->next_sibling = n;
	}
      /* A region that finds it again reads its device copy where the
	 plugin's device memory is the host's.  It may hold it
	 (mapping-held.c) if it is no structure's and its copy is complete
	 once queued: the transfer runs everything at once (note_readiness
	 clears the flag where that changes).  */
      holdable = pl->group == 0 && !m->x->async;
      m->holdable_new |= holdable;
      gt_splay_insert (m->map, n, n->dev_addr,
		       ((m->dev->caps & GT_CAP_HOST_MEMORY)
			? GT_INDEX_HOST_COPY : 0)
		       | (holdable ? GT_INDEX_HOLDABLE : 0));
      m->block->live_keys++;
      m->items[i].key = n;
      gt_debug ("map [%p,%p) -> device %d %p (%s)", (void *) s, (void *) e,
		m->dev->id, (void *) n->dev_addr, kind_name (pl->kind));
      if (gt_copy_to_p (pl->kind) && e > s)
	{
	  put (m, pl->offset, (void *) s, e - s);
	  m->stage_mapped = true;
	}
    }
}

/* Pass 2: new pointer slots get the device address of their target,
   which is mapped by now (typically by the item before); so do the
   pointers inside Fortran descriptors.  Then the staged copies go.  */
static void
write_pointers (struct gt_map_ctx *m)
{
  size_t i;

  for (i = 0; i < m->mapnum; i++)
    {
      struct gt_item_plan *pl = &m->plan[i];
      uintptr_t slot = m->items[i].host_start, v;

      if (pl->state == ST_PSET_POINTER)
	{
	  size_t o = pl->owner;
	  struct gt_key *k = m->items[o].key;
	  v = gt_translate_pointer (m->dev, slot, m->sizes[i]);
	  m->items[i].key = k;
	  if (*(void **) slot == NULL)
	    k->null_pointer = true;
	  if (m->plan[o].state == ST_NEW)
	    put_value (m,
		       m->plan[o].offset + (slot - m->items[o].host_start),
		       &v, sizeof v);
	  else
	    gt_xfer_value (m->x, (void *) gt_key_translate (k, slot), &v,
			   sizeof v);
	}
      else if (pl->state == ST_NEW && pl->new_pointer)
	{
	  v = gt_translate_pointer (m->dev, slot, m->sizes[i]);
	  put_value (m, pl->offset, &v, sizeof v);
	}
    }
  if (m->staging && m->stage_hi > m->stage_lo)
    {
      bool own = !m->stage_mapped && gt_profile_own_begin ();

      gt_xfer_staged_to (m->x, (void *) (m->base + m->stage_lo),
			 m->staging + m->stage_lo, m->stage_hi - m->stage_lo);
      gt_profile_own_end (own);
    }
  /* The pointer in one firstprivate copy to another (mapping-plan.c
     claim_private_attach), after the copies (whose host reads may come
     later).  */
  for (i = 1; m->have_private && i < m->mapnum; i++)
    if (m->plan[i].state == ST_PRIVATE_ATTACH)
      {
	size_t at = m->plan[m->plan[i].owner].offset + m->sizes[i];
	uintptr_t v = m->base + m->plan[i - 1].offset;
	gt_xfer_value (m->x, (void *) (m->base + at), &v, sizeof v);
      }
}

/* Pass 3: references, at most once per construct (OpenMP 5.0).  */
static void
count_references (struct gt_map_ctx *m, unsigned long gen)
{
  size_t i;

  for (i = 0; i < m->mapnum; i++)
    {
      struct gt_map_item *it = &m->items[i];
      struct gt_key *n = it->key;
      if (n == NULL || it->held)
	continue;
      it->copy_from = gt_copy_from_p (m->plan[i].kind);
      it->always_from = gt_always_from_p (m->plan[i].kind);
      /* A closing key is taken up again.  */
      n->rc->closing = NULL;
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
share_pointee (struct gt_map_ctx *m, uintptr_t slot, uintptr_t bias)
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
  gt_index_set_holdable (&m->map->index, GT_KEY_START (tn), tn, tn->dev_addr,
			 false);
}

/* Pass 4: what needs everything else mapped first.  */
static void
resolve_late (struct gt_map_ctx *m)
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
	      bool zero_ok = kind == GT_MAP_ATTACH_ZERO_LENGTH_ARRAY_SECTION;
	      gt_attach_pointer (m->x, n, s, m->sizes[i], zero_ok,
				 m->region_fn);
	      m->items[i].key = n;
	      m->items[i].is_attach = true;
	    }
	  break;
	case GT_MAP_ALWAYS_POINTER:
	  n = gt_splay_lookup (m->map, s, s + sizeof (void *));
	  if (n != NULL && !n->self_mapped)
	    {
	      v = gt_translate_pointer (m->dev, s, m->sizes[i]);
	      gt_xfer_value (m->x, (void *) gt_key_translate (n, s), &v,
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
device_values (const struct gt_map_ctx *m, void **devaddrs)
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
	case ST_HELD:
	  v = m->plan[i].offset;
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

/* The keys this construct made have their data once its copies queued so
   far are done; the keys it found may still wait for theirs, queued by
   another construct, perhaps on another queue: its next operation waits
   for them too.  With PIN, the blocks of the keys stay until the
   construct is complete (gt_close_keys_locked), whoever takes the keys
   out of the table meanwhile: its operations still use them.  */
static void
note_readiness (struct gt_map_ctx *m, struct gt_construct *c, bool pin)
{
  size_t i;

  for (i = 0; i < m->mapnum; i++)
    {
      struct gt_key *k = m->items[i].key;
      if (k == NULL || m->items[i].held)
	continue;
      if (m->plan[i].state == ST_NEW && k->block == m->block)
	{
	  k->ready = m->x->last;
	  /* Entered holdable (insert_new_keys), it waits for a copy after
	     all: the transfer queues its operations since.  */
	  if (GT_UNLIKELY (k->ready != NULL) && m->holdable_new)
	    gt_index_set_holdable (&m->map->index, GT_KEY_START (k), k,
				   k->dev_addr, false);
	}
      else
	gt_xfer_after (m->x, k->ready);
      if (pin)
	{
	  k->block->pins++;
	  m->items[i].pinned = true;
	  c->npinned++;
	}
    }
}

void
gt_map_vars_locked (struct gt_xfer *x, size_t mapnum, void **hostaddrs,
		    size_t *sizes, const void *kinds, bool short_kinds,
		    enum gt_map_purpose purpose, void **devaddrs,
		    struct gt_construct *c)
{
  struct gt_device *dev = x->dev;
  struct gt_map_ctx m;
  bool fresh;

  /* Every field, one by one: GCC clears a whole structure with "rep
     stos", which costs more than the rest of a small construct's
     mapping.  */
  m.x = x;
  m.dev = dev;
  m.map = &dev->mem_map;
  m.mapnum = mapnum;
  m.hostaddrs = hostaddrs;
  m.sizes = sizes;
  m.kinds = kinds;
  m.short_kinds = short_kinds;
  m.region_fn = (const void *) c->region_fn;
  m.new_size = 0;
  m.new_align = 1;
  m.nnew = m.ngroups = m.nlate = m.nvalues = 0;
  m.have_private = false;
  m.have_pset_pointers = false;
  m.hold = c->hold && purpose == GT_MAP_FOR_TARGET;
  m.nheld = 0;
  m.holdable_new = false;
  m.block = NULL;
  m.keys = NULL;
  m.rcs = NULL;
  m.base = 0;
  m.staging = NULL;
  m.stage_lo = m.stage_hi = 0;
  m.stage_mapped = false;

  gt_construct_reserve (c, mapnum);
  m.items = c->items + c->nitems;
  memset (m.items, 0, mapnum * sizeof *m.items);
  m.plan = gt_thread_plans (mapnum);

  gt_plan_items (&m, purpose);
  /* Pass 2 has nothing to do where everything exists (the common case of
     a region whose data is present).  */
  fresh = m.nnew != 0 || m.have_private;
  if (fresh)
    {
      allocate_block (&m, c);
      insert_new_keys (&m);
    }
  if (fresh || m.have_pset_pointers)
    write_pointers (&m);
  count_references (&m, c->gen);
  resolve_late (&m);
  if (purpose == GT_MAP_FOR_TARGET)
    device_values (&m, devaddrs);
  note_readiness (&m, c, c->pin);
  c->nitems += mapnum;
  if (m.nheld != 0)
    gt_held_add_locked (c, m.nheld);
  if (GT_UNLIKELY (gt_profile_on))
    gt_profile_map_size (dev->id, dev->mem_map.count);
}

int
gt_map_kind (const void *kinds, bool short_kinds, size_t i, bool *implicit)
{
  return gt_decode_kind (kinds, short_kinds, i, NULL, implicit);
}
