/* mapping-plan.c -- pass 1 of gt_map_vars_locked: for each item of a
   construct, find what is mapped already (and check that it may serve),
   or lay out what is not in the one new device block of the construct;
   structures and Fortran descriptors with the pointers they contain.

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
#include "gcc-rules.h"

static void __attribute__ ((noreturn))
overlap_fatal (uintptr_t s, uintptr_t e, struct gt_key *n)
{
  gt_fatal ("Trying to map into device [%p..%p) object when [%p..%p) is "
	    "already mapped", (void *) s, (void *) e,
	    (void *) GT_KEY_START (n), (void *) GT_KEY_END (n));
}

void
gt_present_fatal (struct gt_device *dev, uintptr_t addr, size_t size)
{
  gt_fatal ("present clause: not present on the device (addr: %p, size: "
	    "%lu (0x%lx), dev: %d)", (void *) addr, (unsigned long) size,
	    (unsigned long) size, dev->id);
}

/* Check that an existing key N may serve [S, E): new inside old, or for
   an implicit map old inside new.  */
void
gt_check_existing (struct gt_key *n, uintptr_t s, uintptr_t e, int kind,
		   bool implicit)
{
  bool inside = GT_KEY_START (n) <= s && e <= GT_KEY_END (n);
  bool implicit_subset = implicit && s <= GT_KEY_START (n)
			 && GT_KEY_END (n) <= e;
  if (gt_force_p (kind) || !(inside || implicit_subset))
    overlap_fatal (s, e, n);
}

/* Resolve the fields FIRST..LAST of a structure whose range overlaps the
   existing key N: each must already be mapped in N's structure.  */
static void
map_struct_existing (struct gt_device *dev, struct gt_key *n, size_t first,
		     size_t last, void **hostaddrs, size_t *sizes,
		     struct gt_map_item *items, struct gt_item_plan *plan)
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

/* Reserve SIZE bytes aligned to ALIGN in the new block; the offset.  */
static size_t
reserve (struct gt_map_ctx *m, size_t size, size_t align)
{
  size_t off = (m->new_size + align - 1) & ~(align - 1);
  if (align > m->new_align)
    m->new_align = align;
  m->new_size = off + size;
  return off;
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
claim_pset_pointers (struct gt_map_ctx *m, size_t i, uintptr_t s, uintptr_t e,
		     struct gt_key *n)
{
  bool remap = n && !n->self_mapped
	       && (n->null_pointer || n->rc->count == GT_REFCOUNT_INFINITY);
  bool copied = false;
  size_t j;

  for (j = i + 1; j < m->mapnum; j++)
    {
      int kind = gt_kind_at (m, j);
      uintptr_t p = (uintptr_t) m->hostaddrs[j];
      bool always = kind == GT_MAP_ALWAYS_POINTER;
      if (!(gt_pointer_kind_p (kind) || always) || p < s
	  || p + sizeof (void *) > e)
	break;
      m->plan[j].kind = (unsigned char) kind;
      m->plan[j].owner = i;
      m->plan[j].state = ST_PSET_POINTER;
      m->have_pset_pointers = true;
      if (n == NULL)
	m->nvalues++;
      m->items[j].key = n;
      m->items[j].host_start = p;
      m->items[j].length = sizeof (void *);
      if (n && (n->self_mapped
		|| (!always && !(remap && *(void **) p != NULL))))
	m->plan[j].state = ST_EXISTING;
      else if (n && !copied)
	{
	  gt_copy_key_range (m->x, n, s, e - s, true);
	  copied = true;
	}
    }
  return j - 1;
}

/* A firstprivate item I followed by an attach whose pointer slot is in
   the firstprivate copy of an earlier item (GCC 14 makes firstprivate
   Fortran allocatables so: the descriptor, its data, and an attach whose
   "address" is the descriptor's slot in the address array): the copy of
   the descriptor is to point to the copy of the data, as in libgomp 14.
   True if it marked the attach so.  */
static bool
claim_private_attach (struct gt_map_ctx *m, size_t i)
{
  size_t k;
  void **slot;

  if (i + 1 >= m->mapnum || gt_kind_at (m, i + 1) != GT_MAP_ATTACH)
    return false;
  slot = (void **) m->hostaddrs[i + 1];
  if (slot < m->hostaddrs || slot >= m->hostaddrs + i)
    return false;
  k = (size_t) (slot - m->hostaddrs);
  if (m->plan[k].state != ST_PRIVATE
      || m->sizes[i + 1] + sizeof (void *) > m->sizes[k])
    return false;
  m->plan[i + 1].state = ST_PRIVATE_ATTACH;
  m->plan[i + 1].kind = GT_MAP_ATTACH;
  m->plan[i + 1].owner = k;
  return true;
}

/* Pass 1 for a structure header at I: its fields FIRST..LAST exist all
   together, or are laid out together as one new range with one shared
   count.  Return the index of the last item it took care of.  */
static size_t
plan_struct (struct gt_map_ctx *m, size_t i, size_t align)
{
  size_t first = i + 1, last = i + m->sizes[i], ret = last, j;
  uintptr_t s = (uintptr_t) m->hostaddrs[i], e, off;
  struct gt_key *n;

  if (m->sizes[i] == 0 || last >= m->mapnum)
    gt_fatal ("malformed structure mapping (%zu fields)", m->sizes[i]);
  if (gt_kind_at (m, i) == GT_MAP_STRUCT_UNORD)
    {
      /* GCC 14: the fields of an array element with a variable index
	 (the header is the array); OpenMP requires them to be of the same
	 element, and as libgomp 14 does, they must all be the same.  The
	 first is the structure's only field; the others, the same again,
	 are mapped as items of their own, which find it.  */
      for (j = first + 1; j <= last; j++)
	if (m->hostaddrs[j] != m->hostaddrs[first])
	  gt_fatal ("Mapped array elements must be the same (%p vs %p)",
		    m->hostaddrs[first], m->hostaddrs[j]);
      last = ret = first;
      s = (uintptr_t) m->hostaddrs[first];
    }
  /* The structure spans from its header's address (where the first
     mapped field is) to the end of the last field.  */
  if ((uintptr_t) m->hostaddrs[first] < s)
    s = (uintptr_t) m->hostaddrs[first];
  e = (uintptr_t) m->hostaddrs[last] + m->sizes[last];
  /* A last field of size 0 (a zero-length section of a pointer member,
     GCC 14) still names the byte it starts at, as in libgomp.  */
  if (m->sizes[last] == 0)
    e++;
  m->plan[i].state = ST_STRUCT;
  for (j = first; j <= last; j++)
    {
      m->plan[j].kind = (unsigned char) gt_kind_at (m, j);
      m->items[j].host_start = (uintptr_t) m->hostaddrs[j];
      m->items[j].length = m->sizes[j];
    }
  n = gt_splay_lookup_0len (m->map, s, e);
  if (n != NULL)
    {
      map_struct_existing (m->dev, n, first, last, m->hostaddrs, m->sizes,
			   m->items, m->plan);
      for (j = first; j <= last; j++)
	if (gt_always_to_p (m->plan[j].kind))
	  gt_copy_key_range (m->x, m->items[j].key, m->items[j].host_start,
			     m->sizes[j], true);
      return ret;
    }
  for (j = first; j <= last; j++)
    if (gt_present_kind_p (m->plan[j].kind))
      gt_present_fatal (m->dev, m->items[j].host_start, m->sizes[j]);
  /* Zero-length sections of pointer members at the end of a new
     structure map nothing, as in libgomp (GCC 14 emits them for
     map(a.ptr[:0]) and enter data of a member's pointee): no empty key
     inside the structure for a later map of the whole to run into.  */
  while (last >= first && m->sizes[last] == 0
	 && m->plan[last].kind == GT_MAP_ZERO_LEN_ARRAY_SECTION)
    m->plan[last--].state = ST_NONE;
  if (last < first)
    {
      m->plan[i].state = ST_NONE;
      return ret;
    }
  e = (uintptr_t) m->hostaddrs[last] + m->sizes[last];
  m->ngroups++;
  off = reserve (m, e - s, align);
  for (j = first; j <= last; j++)
    {
      m->plan[j].state = ST_NEW;
      m->plan[j].offset = off + ((uintptr_t) m->hostaddrs[j] - s);
      m->plan[j].group = m->ngroups;
      m->nnew++;
    }
  return ret;
}

/* Pass 1: find what exists, lay out what does not.  */
void
gt_plan_items (struct gt_map_ctx *m, enum gt_map_purpose purpose)
{
  size_t i;

  for (i = 0; i < m->mapnum; i++)
    {
      struct gt_item_plan *pl = &m->plan[i];
      struct gt_map_item *it = &m->items[i];
      size_t align;
      bool implicit;
      int kind = gt_decode_kind (m->kinds, m->short_kinds, i, &align,
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
	      m->nvalues++;
	      if (claim_private_attach (m, i))
		i++;
	    }
	  continue;
	case GT_MAP_STRUCT:
	case GT_MAP_STRUCT_UNORD:
	  i = plan_struct (m, i, align);
	  continue;
	default:
	  break;
	}

      e = s + (gt_pointer_kind_p (kind) ? sizeof (void *) : m->sizes[i]);
      if (kind == GT_MAP_ZERO_LEN_ARRAY_SECTION
	  || (s == e && gt_present_kind_p (kind)))
	n = gt_zero_len_lookup (m->map, s, e);
      else if (m->hold && kind <= GT_MAP_TOFROM && e > s)
	{
	  /* A region's object mapped where it was mapped before: held,
	     from its index slot alone (mapping-held.c).  One probe of the
	     index either way.  */
	  const struct gt_index_slot *sl = gt_index_probe (&m->map->index, s);
	  if (sl != NULL && gt_index_holdable_p (sl, e - s))
	    {
	      gt_index_prefetch_copy (sl);
	      pl->state = ST_HELD;
	      pl->offset = sl->dev_addr;
	      it->key = sl->key;
	      it->held = true;
	      it->copy_from = gt_copy_from_p (kind);
	      m->nheld++;
	      continue;
	    }
	  n = sl != NULL ? gt_index_found (sl)
			 : gt_splay_lookup_unindexed (m->map, s, e);
	}
      else
	n = gt_splay_lookup (m->map, s, e);
      if (n == NULL && gt_present_kind_p (kind))
	gt_present_fatal (m->dev, s, m->sizes[i]);

      if (n != NULL)
	{
	  gt_check_existing (n, s, e, kind, implicit);
	  pl->state = ST_EXISTING;
	  it->key = n;
	  if (gt_always_to_p (kind))
	    gt_copy_key_range (m->x, n, s, e - s, true);
	  if (kind == GT_MAP_TO_PSET)
	    i = claim_pset_pointers (m, i, s, e, n);
	  continue;
	}
      if (kind == GT_MAP_ZERO_LEN_ARRAY_SECTION)
	{
	  /* Storage not mapped: the region gets the host pointer (OpenMP
	     5.2, libgomp 14), or NULL (libgomp 12 and 13): the rule of the
	     compiler that built the region (gcc-rules.h).  */
	  pl->state = (purpose == GT_MAP_FOR_TARGET
		       && gt_gcc14_rules_p (m->region_fn))
		      ? ST_INLINE : ST_NONE;
	  continue;
	}
      if (kind == GT_MAP_IF_PRESENT)
	{
	  /* Absent: skip it and the pointer that goes with it.  */
	  pl->state = ST_NONE;
	  if (i + 1 < m->mapnum && gt_pointer_kind_p (gt_kind_at (m, i + 1)))
	    m->plan[++i].state = ST_NONE;
	  continue;
	}
      if (gt_pointer_kind_p (kind))
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
