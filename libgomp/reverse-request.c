/* reverse-request.c -- reverse offload: the map clauses of a request,
   translated from device to host addresses through the device's mapping
   table (mapping-lookup.c) and the request's earlier items, with
   temporary host copies of data that is not mapped, and copied back to
   the device once the host function has run.

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

#include "reverse-request.h"
#include "mapping.h"
#include "profile.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

static inline int
rev_kind (const struct gt_rev_request *r, uint64_t i)
{
  return r->kinds[i] & 0xff;
}

static inline size_t
rev_align (const struct gt_rev_request *r, uint64_t i)
{
  return (size_t) 1 << (r->kinds[i] >> 8);
}

/* Record a copy of reverse offload, the runtime's own, of SIZE bytes in
   direction DIR from T0 to now.  */
static void __attribute__ ((noinline))
rev_profile_copy (struct gt_rev_request *r, enum gt_profile_copy dir,
		  uint64_t size, uint64_t t0)
{
  gt_profile_own (true);
  gt_profile_copy (r->dev->id, dir, size, false, 0, t0);
  gt_profile_own (false);
}

static void
rev_from_dev (struct gt_rev_request *r, void *host, uint64_t dev,
	      uint64_t size)
{
  uint64_t t0 = gt_profile_start ();

  if (size != 0
      && r->copier->dev2host (r->copier->arg, host, dev, size) != 0)
    gt_fatal ("device %d: reverse offload: copying %" PRIu64 " bytes from "
	      "device address %p failed", r->dev->id, size,
	      (void *) (uintptr_t) dev);
  if (GT_UNLIKELY (t0) && size != 0)
    rev_profile_copy (r, GT_PROFILE_FROM, size, t0);
}

static void
rev_to_dev (struct gt_rev_request *r, uint64_t dev, const void *host,
	    uint64_t size)
{
  uint64_t t0 = gt_profile_start ();

  if (size != 0
      && r->copier->host2dev (r->copier->arg, dev, host, size) != 0)
    gt_fatal ("device %d: reverse offload: copying %" PRIu64 " bytes to "
	      "device address %p failed", r->dev->id, size,
	      (void *) (uintptr_t) dev);
  if (GT_UNLIKELY (t0) && size != 0)
    rev_profile_copy (r, GT_PROFILE_TO, size, t0);
}

static void *
rev_temp (size_t align, uint64_t size)
{
  void *p;

  if (align < sizeof (void *))
    align = sizeof (void *);
  if (posix_memalign (&p, align, size ? (size_t) size : 1) != 0)
    gt_fatal ("out of memory allocating %" PRIu64 " bytes for reverse "
	      "offload", size);
  return p;
}

/* The first of the N items already handled whose device range matches
   [START, END), or N.  */
static uint64_t
rev_items_lookup_range (struct gt_rev_request *r, uint64_t n, uint64_t start,
			uint64_t end)
{
  uint64_t i;

  for (i = 0; i < n; i++)
    {
      bool is_struct = rev_kind (r, i) == GT_MAP_STRUCT;
      uint64_t dev_end, last;
      if (!is_struct)
	dev_end = r->items[i].devaddr + r->sizes[i];
      else
	{
	  last = i + r->sizes[i];
	  if (last >= r->mapnum)
	    break;
	  dev_end = (last < n ? r->items[last].devaddr : r->addrs[last])
		    + r->sizes[last];
	}
      if (r->items[i].devaddr != 0
	  && gt_dev_range_match (r->items[i].devaddr, dev_end, start, end))
	return i;
      if (is_struct)
	i += r->sizes[i];
    }
  return n;
}

static uint64_t
rev_items_lookup (struct gt_rev_request *r, uint64_t n, uint64_t start,
		  uint64_t end, bool zero_len)
{
  uint64_t i;

  if (start != end)
    return rev_items_lookup_range (r, n, start, end);
  i = rev_items_lookup_range (r, n, start, start + 1);
  if (i < n || zero_len || start == 0)
    return i;
  return rev_items_lookup_range (r, n, start - 1, start);
}

/* Item I: data (to, from, alloc, ...).  STRUCT_CPY: inside a structure
   that was not mapped, whose fields are copied.  */
static void
rev_data_item (struct gt_rev_request *r, uint64_t i, bool struct_cpy)
{
  struct gt_rev_item *it = &r->items[i];
  int kind = rev_kind (r, i);
  bool zero_len = kind == GT_MAP_DELETE_ZERO_LEN_ARRAY_SECTION
		  || kind == GT_MAP_ZERO_LEN_ARRAY_SECTION;
  uint64_t dev = r->addrs[i], j;
  struct gt_key *k = NULL;

  it->devaddr = dev;
  j = rev_items_lookup (r, i, dev, dev + r->sizes[i], zero_len);
  if (j < i)
    {
      it->present = true;
      r->addrs[i] = r->addrs[j] + (dev - r->items[j].devaddr);
    }
  else
    {
      k = gt_key_lookup_dev_locked (r->dev, dev, dev + r->sizes[i], zero_len);
      it->present = k != NULL;
    }
  if (!it->present && gt_present_kind_p (kind))
    gt_fatal ("present clause: no corresponding data on parent device at "
	      "%p with size %" PRIu64, (void *) (uintptr_t) dev,
	      r->sizes[i]);
  if (!it->present && kind != GT_MAP_DELETE && kind != GT_MAP_RELEASE
      && kind != GT_MAP_DELETE_ZERO_LEN_ARRAY_SECTION)
    {
      it->temp = true;
      r->addrs[i] = (uintptr_t) rev_temp (rev_align (r, i), r->sizes[i]);
    }
  else if (k != NULL)
    r->addrs[i] = gt_key_host_addr (k, dev);
  if (((!it->present || struct_cpy)
       && (kind == GT_MAP_TO || kind == GT_MAP_TOFROM))
      || kind == GT_MAP_FORCE_TO || kind == GT_MAP_FORCE_TOFROM
      || gt_always_to_p (kind))
    rev_from_dev (r, (void *) (uintptr_t) r->addrs[i], dev, r->sizes[i]);
}

/* Item I: a pointer (attach, pointer, always pointer) whose slot is at
   device address ADDRS[I] + SIZES[I] (the bias) and whose target is the
   item before.  */
static void
rev_pointer_item (struct gt_rev_request *r, uint64_t i)
{
  struct gt_rev_item *it = &r->items[i];
  uint64_t dev = r->addrs[i], slot = dev + r->sizes[i], j;
  struct gt_key *k;

  k = gt_key_lookup_dev_locked (r->dev, slot, slot + sizeof (void *), false);
  it->present = k != NULL;
  it->devaddr = dev;
  if (k != NULL)
    r->addrs[i] = gt_key_host_addr (k, dev);
  else
    {
      j = rev_items_lookup (r, i, slot, slot + sizeof (void *), false);
      if (j < i)
	{
	  it->present = true;
	  r->addrs[i] = r->addrs[j] + (dev - r->items[j].devaddr);
	}
    }
  if (!it->present)
    {
      /* The slot is at the bias.  */
      if (r->sizes[i] > (1u << 30))
	gt_fatal ("reverse offload: a pointer map with a bias of %" PRIu64,
		  r->sizes[i]);
      it->temp = true;
      r->addrs[i] = (uintptr_t) gt_calloc (1, (size_t) r->sizes[i]
					       + sizeof (void *));
    }
  /* Present: assume the pointer is already right.  */
  if (k == NULL)
    {
      if (i == 0)
	gt_fatal ("reverse offload: a pointer map without the data it "
		  "points to");
      memcpy ((void *) (uintptr_t) (r->addrs[i] + r->sizes[i]),
	      &r->addrs[i - 1], sizeof (uint64_t));
    }
}

/* Item I: a Fortran descriptor with the pointers that follow it; the
   index of the last item it handled.  */
static uint64_t
rev_pset_item (struct gt_rev_request *r, uint64_t i)
{
  struct gt_rev_item *it = &r->items[i];
  uint64_t dev = r->addrs[i], j, m;
  struct gt_key *k;

  k = gt_key_lookup_dev_locked (r->dev, dev, dev + r->sizes[i], false);
  it->present = k != NULL;
  it->devaddr = dev;
  if (k != NULL)
    r->addrs[i] = gt_key_host_addr (k, dev);
  else
    {
      j = rev_items_lookup (r, i, dev, dev + r->sizes[i], false);
      if (j < i)
	{
	  it->present = true;
	  r->addrs[i] = r->addrs[j] + (dev - r->items[j].devaddr);
	}
    }
  if (!it->present)
    {
      /* Assume that a present descriptor's pointers are right.  */
      it->temp = true;
      r->addrs[i] = (uintptr_t) rev_temp (rev_align (r, i), r->sizes[i]);
      rev_from_dev (r, (void *) (uintptr_t) r->addrs[i], dev, r->sizes[i]);
    }
  for (j = i + 1; j < r->mapnum; j++)
    {
      int kind = rev_kind (r, j);
      uint64_t target;
      if (kind != GT_MAP_ALWAYS_POINTER && kind != GT_MAP_POINTER
	  && kind != GT_MAP_POINTER_TO_ZERO_LENGTH_ARRAY_SECTION)
	break;
      if (r->addrs[j] < r->addrs[i])
	break;
      if (it->present)
	continue;
      if (r->addrs[j] == 0)
	{
	  memset ((void *) (uintptr_t) (r->addrs[i] + r->sizes[j]), 0,
		  sizeof (uint64_t));
	  continue;
	}
      /* The descriptor's copy holds the pointer's device value.  */
      memcpy (&target, (void *) (uintptr_t) (r->addrs[i] + r->sizes[j]),
	      sizeof target);
      r->addrs[j] = target;
      r->items[j].present = true;
      r->items[j].devaddr = target;
      if (target == 0)
	continue;
      m = rev_items_lookup (r, j, target, target + sizeof (void *), false);
      if (m < j)
	r->addrs[j] = r->addrs[m] + (target - r->items[m].devaddr);
      else
	{
	  k = gt_key_lookup_dev_locked (r->dev, target,
					target + sizeof (void *), false);
	  if (k == NULL)
	    gt_fatal ("Pointer target wasn't mapped");
	  r->addrs[j] = gt_key_host_addr (k, target);
	}
      memcpy ((void *) (uintptr_t) (r->addrs[i] + r->sizes[j]),
	      &r->addrs[j], sizeof (uint64_t));
    }
  return j - 1;
}

/* Item I: a structure of SIZES[I] fields, the items after it; how many of
   them are to be copied as the structure was not mapped.  */
static uint64_t
rev_struct_item (struct gt_rev_request *r, uint64_t i)
{
  struct gt_rev_item *it = &r->items[i];
  uint64_t dev = r->addrs[i], last = i + r->sizes[i], first, end;
  struct gt_key *k;

  if (i + 1 >= r->mapnum || last >= r->mapnum || last <= i)
    gt_fatal ("reverse offload: a structure map of %" PRIu64 " field(s) "
	      "at item %" PRIu64 " of %" PRIu64, r->sizes[i], i, r->mapnum);
  first = r->addrs[i + 1];
  end = r->addrs[last] + r->sizes[last];
  k = gt_key_lookup_dev_locked (r->dev, first, end, false);
  it->present = k != NULL;
  it->devaddr = dev;
  if (k != NULL)
    {
      r->addrs[i] = gt_key_host_addr (k, dev);
      return 0;
    }
  it->temp = true;
  r->addrs[i] = (uintptr_t) rev_temp (rev_align (r, i), end - first);
  /* The structure's host address, its first field being at the start of
     the temporary.  */
  r->addrs[i] -= first - dev;
  return r->sizes[i];
}

/* Translate the request's items (DEV's lock held).  */
static void
rev_translate_locked (struct gt_rev_request *r)
{
  uint64_t i, struct_cpy = 0;

  for (i = 0; i < r->mapnum; i++)
    {
      int kind;
      if (r->addrs[i] == 0)
	continue;
      kind = rev_kind (r, i);
      switch (kind)
	{
	case GT_MAP_FIRSTPRIVATE:
	case GT_MAP_FIRSTPRIVATE_INT:
	  continue;
	case GT_MAP_DELETE:
	case GT_MAP_RELEASE:
	case GT_MAP_DELETE_ZERO_LEN_ARRAY_SECTION:
	case GT_MAP_ALLOC:
	case GT_MAP_FROM:
	case GT_MAP_FORCE_ALLOC:
	case GT_MAP_FORCE_FROM:
	case GT_MAP_ALWAYS_FROM:
	case GT_MAP_TO:
	case GT_MAP_TOFROM:
	case GT_MAP_FORCE_TO:
	case GT_MAP_FORCE_TOFROM:
	case GT_MAP_ALWAYS_TO:
	case GT_MAP_ALWAYS_TOFROM:
	case GT_MAP_FORCE_PRESENT:
	case GT_MAP_ALWAYS_PRESENT_FROM:
	case GT_MAP_ALWAYS_PRESENT_TO:
	case GT_MAP_ALWAYS_PRESENT_TOFROM:
	case GT_MAP_ZERO_LEN_ARRAY_SECTION:
	  rev_data_item (r, i, struct_cpy != 0);
	  if (struct_cpy)
	    struct_cpy--;
	  break;
	case GT_MAP_ATTACH:
	case GT_MAP_POINTER:
	case GT_MAP_ALWAYS_POINTER:
	  rev_pointer_item (r, i);
	  break;
	case GT_MAP_TO_PSET:
	  i = rev_pset_item (r, i);
	  break;
	case GT_MAP_STRUCT:
	  struct_cpy = rev_struct_item (r, i);
	  break;
	default:
	  gt_fatal ("gomp_target_rev unhandled kind 0x%.4x", r->kinds[i]);
	}
    }
}

/* Say under GOMP_DEBUG what became of each item of request R, whose
   device addresses were DEVADDRS (firstprivate ones included).  */
static void
rev_trace (struct gt_rev_request *r, const uint64_t *devaddrs)
{
  uint64_t i;

  for (i = 0; i < r->mapnum; i++)
    {
      const struct gt_rev_item *it = &r->items[i];
      int kind = rev_kind (r, i);
      const char *what;
      if (kind == GT_MAP_FIRSTPRIVATE || kind == GT_MAP_FIRSTPRIVATE_INT)
	what = kind == GT_MAP_FIRSTPRIVATE ? "firstprivate copy" : "value";
      else if (it->devaddr == 0)
	what = "not translated";
      else if (it->temp)
	what = "temporary";
      else
	what = "mapped";
      gt_debug ("device %d: reverse offload: item %" PRIu64 ": kind "
		"0x%04x, %" PRIu64 " byte(s), device %p -> host %p (%s)",
		r->dev->id, i, r->kinds[i], r->sizes[i],
		(void *) (uintptr_t) devaddrs[i],
		(void *) (uintptr_t) r->addrs[i], what);
    }
}

/* Copy back what the clauses say, and free the temporaries.  */
static void
rev_copy_back (struct gt_rev_request *r)
{
  uint64_t i, struct_cpy = 0;
  bool clean_struct = false;

  for (i = 0; i < r->mapnum; i++)
    {
      struct gt_rev_item *it = &r->items[i];
      int kind = rev_kind (r, i);
      bool copy = !it->present || struct_cpy != 0;
      if (it->devaddr == 0)
	continue;
      switch (kind)
	{
	case GT_MAP_FORCE_FROM:
	case GT_MAP_FORCE_TOFROM:
	case GT_MAP_ALWAYS_FROM:
	case GT_MAP_ALWAYS_TOFROM:
	case GT_MAP_ALWAYS_PRESENT_FROM:
	case GT_MAP_ALWAYS_PRESENT_TOFROM:
	  copy = true;
	  /* Fall through.  */
	case GT_MAP_FROM:
	case GT_MAP_TOFROM:
	  if (copy)
	    rev_to_dev (r, it->devaddr, (void *) (uintptr_t) r->addrs[i],
			r->sizes[i]);
	  break;
	default:
	  break;
	}
      if (struct_cpy)
	{
	  /* A field of a structure copied whole: freed with it.  */
	  struct_cpy--;
	  continue;
	}
      if (kind == GT_MAP_STRUCT && !it->present)
	{
	  clean_struct = true;
	  struct_cpy = r->sizes[i];
	}
      else if (it->temp)
	free ((void *) (uintptr_t) r->addrs[i]);
    }
  if (clean_struct)
    for (i = 0; i + 1 < r->mapnum; i++)
      if (!r->items[i].present && r->items[i].devaddr != 0
	  && rev_kind (r, i) == GT_MAP_STRUCT)
	free ((void *) (uintptr_t) (r->addrs[i] + r->items[i + 1].devaddr
				     - r->items[i].devaddr));
}

/* Copy the firstprivate items into host memory, in one block: its
   address, to be freed, or NULL.  */
static void *
rev_firstprivate (struct gt_rev_request *r)
{
  size_t align = 0, size = 0, off;
  uint64_t i;
  char *block, *base;

  for (i = 0; i < r->mapnum; i++)
    if (rev_kind (r, i) == GT_MAP_FIRSTPRIVATE)
      {
	size_t a = rev_align (r, i);
	if (a > align)
	  align = a;
	size = ((size + a - 1) & ~(a - 1)) + (size_t) r->sizes[i];
      }
  if (align == 0)
    return NULL;
  block = gt_malloc (size + align);
  base = (char *) (((uintptr_t) block + align - 1) & ~(uintptr_t) (align - 1));
  for (i = 0, off = 0; i < r->mapnum; i++)
    if (rev_kind (r, i) == GT_MAP_FIRSTPRIVATE && r->addrs[i] != 0)
      {
	size_t a = rev_align (r, i);
	off = (off + a - 1) & ~(a - 1);
	rev_from_dev (r, base + off, r->addrs[i], r->sizes[i]);
	r->addrs[i] = (uintptr_t) (base + off);
	off += (size_t) r->sizes[i];
      }
  return block;
}

void
gt_rev_request_start (struct gt_rev_request *r, struct gt_device *dev,
		      const struct gt_rev_copier *copier, uint64_t mapnum,
		      uint64_t devaddrs, uint64_t sizes, uint64_t kinds)
{
  uint64_t *traced = NULL;

  r->dev = dev;
  r->copier = copier;
  r->mapnum = mapnum;
  r->addrs = NULL;
  r->sizes = NULL;
  r->kinds = NULL;
  r->items = NULL;
  r->fp_block = NULL;
  if (mapnum == 0)
    return;
  r->addrs = gt_malloc (mapnum * sizeof *r->addrs);
  r->sizes = gt_malloc (mapnum * sizeof *r->sizes);
  r->kinds = gt_malloc (mapnum * sizeof *r->kinds);
  r->items = gt_calloc (mapnum, sizeof *r->items);
  rev_from_dev (r, r->addrs, devaddrs, mapnum * sizeof *r->addrs);
  rev_from_dev (r, r->sizes, sizes, mapnum * sizeof *r->sizes);
  rev_from_dev (r, r->kinds, kinds, mapnum * sizeof *r->kinds);
  if (gt_debug_level)
    {
      traced = gt_malloc (mapnum * sizeof *traced);
      memcpy (traced, r->addrs, mapnum * sizeof *traced);
    }
  r->fp_block = rev_firstprivate (r);
  gt_device_lock (dev);
  rev_translate_locked (r);
  gt_device_unlock (dev);
  if (traced != NULL)
    {
      rev_trace (r, traced);
      free (traced);
    }
}

void
gt_rev_request_finish (struct gt_rev_request *r)
{
  if (r->mapnum == 0)
    return;
  rev_copy_back (r);
  free (r->fp_block);
  free (r->addrs);
  free (r->sizes);
  free (r->kinds);
  free (r->items);
}
