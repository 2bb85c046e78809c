/* reverse.c -- reverse offload: a target construct with device(ancestor:
   1) reached in a region on a device runs on the host.  The device's
   plugin (or, for an emulated device, the device-side writer that speaks
   the plugin's protocol) hands the request to GOMPTARGET_PLUGIN_target_rev
   (plugin-services.c), and gt_rev_serve finds the host function,
   translates the map clauses from device to host addresses through the
   device's mapping table (searched by device range), makes temporary host
   copies of data that is not mapped, runs the function and copies back
   what the clauses say.

   reverse_offload, works on the host's memory itself (shared-mem.c).

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

#include "reverse.h"
#include "device-calls.h"
#include "gomp-map-kinds.h"
#include "icv.h"
#include "mapping.h"
#include "requires.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* ---- The reverse-offload tables of the images on each device.  ---- */

void
gt_rev_image_loaded_locked (struct gt_device *dev,
			    struct gt_registered_image *img)
{
  const uint64_t *table;
  size_t count;
  void *const *host_table = img->host_table;

  if (!(gt_requires_for_devices () & GT_REQUIRES_REVERSE_OFFLOAD))
    return;
  if (!gt_dev_rev_fn_table (dev, &img->image, &table, &count))
    {
      gt_debug ("device %d: no reverse-offload table for an image of "
		"target type %d", dev->id, img->target_type);
      return;
    }
  if (count == 0)
    return;
  if (count > img->num_funcs)
    count = img->num_funcs;
  if (img->table_id >= dev->num_rev_fns)
    {
      unsigned n = img->table_id + 1, k;
      dev->rev_fns = gt_realloc (dev->rev_fns, n * sizeof *dev->rev_fns);
      for (k = dev->num_rev_fns; k < n; k++)
	dev->rev_fns[k] = (struct gt_rev_fns) { NULL, NULL, 0 };
      dev->num_rev_fns = n;
    }
  dev->rev_fns[img->table_id].dev_fns = table;
  dev->rev_fns[img->table_id].host_fns = (void *const *) host_table[0];
  dev->rev_fns[img->table_id].count = count;
  gt_debug ("device %d: reverse-offload table of %zu function(s) for "
	    "host table %u", dev->id, count, img->table_id);
}

void
gt_rev_image_unloaded_locked (struct gt_device *dev,
			      struct gt_registered_image *img)
{
  if (img->table_id < dev->num_rev_fns)
    dev->rev_fns[img->table_id] = (struct gt_rev_fns) { NULL, NULL, 0 };
}

/* The host function for device function FN of DEV (its lock held), or
   NULL.  */
static void *
rev_host_fn_locked (struct gt_device *dev, uint64_t fn)
{
  unsigned t;
  size_t i;

  if (fn == 0)
    return NULL;
  for (t = 0; t < dev->num_rev_fns; t++)
    for (i = 0; i < dev->rev_fns[t].count; i++)
      if (dev->rev_fns[t].dev_fns[i] == fn)
	return dev->rev_fns[t].host_fns[i];
  return NULL;
}

/* ---- Regions that may be running.  ---- */

void
gt_rev_region_start_locked (struct gt_device *dev, struct gt_construct *c)
{
  if (dev->num_running == dev->running_size)
    {
      dev->running_size = dev->running_size ? 2 * dev->running_size : 8;
      dev->running = gt_realloc (dev->running,
				 dev->running_size * sizeof *dev->running);
    }
  dev->running[dev->num_running++] = c;
}

void
gt_rev_region_end_locked (struct gt_device *dev, struct gt_construct *c)
{
  unsigned i;

  for (i = dev->num_running; i-- > 0;)
    if (dev->running[i] == c)
      {
	dev->running[i] = dev->running[--dev->num_running];
	return;
      }
}

/* ---- Ancestor slots of regions of emulated devices.  ---- */

#define ANCESTOR_SLOTS 1024

struct ancestor_slot
{
  gt_ancestor_fn *fn;		/* NULL: free.  */
  void *arg;
};

/* The host function of the ancestor region the calling thread is
   sending, for a device that runs host code (whose request names the
   host function itself).  */
static GT_TLS void *ancestor_in_flight;

/* Slot 0 is never used: 0 means "none".  */
static struct ancestor_slot ancestor_slots[ANCESTOR_SLOTS];
/* Where this thread looks for a free slot first: the one it used last,
   which a thread launching one region after another finds free again.
   Slots are claimed with a compare-and-swap of their function, so that
   launching a region takes no lock.  */
static GT_TLS unsigned ancestor_hint;

unsigned
gt_ancestor_slot_new (gt_ancestor_fn *ancestor, void *arg)
{
  unsigned i;

  if (ancestor == NULL)
    return 0;
  for (i = 0; i < ANCESTOR_SLOTS - 1; i++)
    {
      unsigned c = 1 + (ancestor_hint + i) % (ANCESTOR_SLOTS - 1);
      gt_ancestor_fn *none = NULL;

      if (__atomic_load_n (&ancestor_slots[c].fn, __ATOMIC_RELAXED) == NULL
	  && __atomic_compare_exchange_n (&ancestor_slots[c].fn, &none,
					  ancestor, false, __ATOMIC_ACQ_REL,
					  __ATOMIC_RELAXED))
	{
	  GT_ANNOTATE_HAPPENS_AFTER (&ancestor_slots[c].fn);
	  /* Read only by the threads of the region, which start after
	     this.  */
	  ancestor_slots[c].arg = arg;
	  ancestor_hint = c - 1;
	  return c;
	}
    }
  gt_debug ("more than %d regions with reverse offload at once: this one "
	    "has none", ANCESTOR_SLOTS - 1);
  return 0;
}

void
gt_ancestor_slot_free (unsigned slot)
{
  if (slot == 0 || slot >= ANCESTOR_SLOTS)
    return;
  ancestor_slots[slot].arg = NULL;
  GT_ANNOTATE_HAPPENS_BEFORE (&ancestor_slots[slot].fn);
  __atomic_store_n (&ancestor_slots[slot].fn, NULL, __ATOMIC_RELEASE);
}

bool
gt_ancestor_region (void (*fn) (void *), size_t mapnum, void **addrs,
		    size_t *sizes, unsigned short *kinds)
{
  int device = gt_context_device ();
  unsigned slot;
  gt_ancestor_fn *ancestor;
  void *saved;
  uint32_t mask;

  /* What GCC's device runtime takes for a reverse-offload request:
     device -2 and a function, in device code.  */
  if (device < 0 || fn == NULL)
    return false;
  /* The program's mask travels in its images; without images
     (-foffload=disable) it is not known, but GCC compiles device(ancestor:
     1) only under 'omp requires reverse_offload'.  */
  mask = __atomic_load_n (&gt_requires_mask, __ATOMIC_RELAXED);
  if (mask != 0 && !(mask & GT_REQUIRES_REVERSE_OFFLOAD))
    return false;
  slot = gt_context_region ();
  ancestor = slot != 0 && slot < ANCESTOR_SLOTS
	     ? __atomic_load_n (&ancestor_slots[slot].fn, __ATOMIC_ACQUIRE)
	     : NULL;
  if (ancestor == NULL)
    gt_fatal ("device %d cannot run the ancestor region %p on the host: "
	      "the region was not started for reverse offload", device,
	      (void *) fn);
  gt_debug ("device %d: ancestor region %p (%zu map(s)) sent to the host",
	    device, (void *) fn, mapnum);
  saved = ancestor_in_flight;
  ancestor_in_flight = (void *) fn;
  ancestor (ancestor_slots[slot].arg, fn, mapnum, addrs, sizes, kinds);
  ancestor_in_flight = saved;
  return true;
}

/* ---- Serving a request.  ---- */

/* What became of one item of a request.  */
struct rev_item
{
  uint64_t devaddr;		/* The device address it came with; 0: the
				   item was not translated.  */
  bool present;			/* Its data was found mapped (on the device
				   or in an earlier item).  */
  bool temp;			/* Its host address is a temporary.  */
};

struct rev_request
{
  struct gt_device *dev;
  const struct gt_rev_copier *copier;
  uint64_t mapnum;
  uint64_t *addrs;		/* Device, then host addresses.  */
  uint64_t *sizes;
  unsigned short *kinds;
  struct rev_item *items;
};

static inline int
rev_kind (const struct rev_request *r, uint64_t i)
{
  return r->kinds[i] & 0xff;
}

static inline size_t
rev_align (const struct rev_request *r, uint64_t i)
{
  return (size_t) 1 << (r->kinds[i] >> 8);
}

static void
rev_from_dev (struct rev_request *r, void *host, uint64_t dev, uint64_t size)
{
  if (size != 0
      && r->copier->dev2host (r->copier->arg, host, dev, size) != 0)
    gt_fatal ("device %d: reverse offload: copying %" PRIu64 " bytes from "
	      "device address %p failed", r->dev->id, size,
	      (void *) (uintptr_t) dev);
}

static void
rev_to_dev (struct rev_request *r, uint64_t dev, const void *host,
	    uint64_t size)
{
  if (size != 0
      && r->copier->host2dev (r->copier->arg, dev, host, size) != 0)
    gt_fatal ("device %d: reverse offload: copying %" PRIu64 " bytes to "
	      "device address %p failed", r->dev->id, size,
	      (void *) (uintptr_t) dev);
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

/* Does the device range [KS, KE) of a mapped object match [S, E)?  */
static inline bool
rev_match (uint64_t ks, uint64_t ke, uint64_t s, uint64_t e)
{
  return (ks == s && ke == e) || (ke > s && ks < e);
}

/* A key of DEV's table (its lock held) whose device copy starts at or
   before START and matches [START, END), K being a key of DEV.  */
static inline bool
rev_key_match (const struct gt_key *k, uint64_t start, uint64_t end)
{
  uint64_t ks = k->dev_addr, ke = ks + (GT_KEY_END (k) - GT_KEY_START (k));

  return ks <= start && rev_match (ks, ke, start, end);
}

/* As rev_lookup_range, among the items of the target constructs whose
   regions may be running on DEV (their keys may have left the table
   already, their memory not).  */
static struct gt_key *
rev_lookup_running (struct gt_device *dev, uint64_t start, uint64_t end)
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
	      && rev_key_match (k, start, end))
	    return k;
	}
    }
  return NULL;
}

/* A key of DEV's table (its lock held) whose device copy starts at or
   before START and matches [START, END).  The table is ordered by host
   address: every key is visited; then the keys of the regions that may
   be running.  */
static struct gt_key *
rev_lookup_range (struct gt_device *dev, uint64_t start, uint64_t end)
{
  struct gt_key *stack_buf[64], **stack = stack_buf, *k, *found = NULL;
  size_t sp = 0, cap = 64;

  if (dev->mem_map.root != NULL)
    stack[sp++] = dev->mem_map.root;
  while (sp > 0)
    {
      k = stack[--sp];
      if (!k->removed && rev_key_match (k, start, end))
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
    found = rev_lookup_running (dev, start, end);
  return found;
}

/* As rev_lookup_range, a zero-length range [S, S) being tried as
   [S, S+1), then (unless ZERO_LEN) as [S-1, S).  */
static struct gt_key *
rev_lookup (struct gt_device *dev, uint64_t start, uint64_t end,
	    bool zero_len)
{
  struct gt_key *k;

  if (start != end)
    return rev_lookup_range (dev, start, end);
  k = rev_lookup_range (dev, start, start + 1);
  if (k != NULL || zero_len || start == 0)
    return k;
  return rev_lookup_range (dev, start - 1, start);
}

/* The host address of device address DEVADDR inside key K.  */
static inline uint64_t
rev_key_host (const struct gt_key *k, uint64_t devaddr)
{
  return (uint64_t) GT_KEY_START (k) + (devaddr - k->dev_addr);
}

/* The first of the N items already handled whose device range matches
   [START, END), or N.  */
static uint64_t
rev_items_lookup_range (struct rev_request *r, uint64_t n, uint64_t start,
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
	  && rev_match (r->items[i].devaddr, dev_end, start, end))
	return i;
      if (is_struct)
	i += r->sizes[i];
    }
  return n;
}

static uint64_t
rev_items_lookup (struct rev_request *r, uint64_t n, uint64_t start,
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

static bool
rev_present_kind_p (int kind)
{
  return (kind & GT_MAPF_PRESENT) == GT_MAPF_PRESENT
	 || kind == GT_MAP_FORCE_PRESENT;
}

static bool
rev_always_to_p (int kind)
{
  return kind == GT_MAP_ALWAYS_TO || kind == GT_MAP_ALWAYS_TOFROM
	 || kind == GT_MAP_ALWAYS_PRESENT_TO
	 || kind == GT_MAP_ALWAYS_PRESENT_TOFROM;
}

/* Item I: data (to, from, alloc, ...).  STRUCT_CPY: inside a structure
   that was not mapped, whose fields are copied.  */
static void
rev_data_item (struct rev_request *r, uint64_t i, bool struct_cpy)
{
  struct rev_item *it = &r->items[i];
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
      k = rev_lookup (r->dev, dev, dev + r->sizes[i], zero_len);
      it->present = k != NULL;
    }
  if (!it->present && rev_present_kind_p (kind))
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
    r->addrs[i] = rev_key_host (k, dev);
  if (((!it->present || struct_cpy)
       && (kind == GT_MAP_TO || kind == GT_MAP_TOFROM))
      || kind == GT_MAP_FORCE_TO || kind == GT_MAP_FORCE_TOFROM
      || rev_always_to_p (kind))
    rev_from_dev (r, (void *) (uintptr_t) r->addrs[i], dev, r->sizes[i]);
}

/* Item I: a pointer (attach, pointer, always pointer) whose slot is at
   device address ADDRS[I] + SIZES[I] (the bias) and whose target is the
   item before.  */
static void
rev_pointer_item (struct rev_request *r, uint64_t i)
{
  struct rev_item *it = &r->items[i];
  uint64_t dev = r->addrs[i], slot = dev + r->sizes[i], j;
  struct gt_key *k;

  k = rev_lookup (r->dev, slot, slot + sizeof (void *), false);
  it->present = k != NULL;
  it->devaddr = dev;
  if (k != NULL)
    r->addrs[i] = rev_key_host (k, dev);
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
rev_pset_item (struct rev_request *r, uint64_t i)
{
  struct rev_item *it = &r->items[i];
  uint64_t dev = r->addrs[i], j, m;
  struct gt_key *k;

  k = rev_lookup (r->dev, dev, dev + r->sizes[i], false);
  it->present = k != NULL;
  it->devaddr = dev;
  if (k != NULL)
    r->addrs[i] = rev_key_host (k, dev);
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
	  k = rev_lookup (r->dev, target, target + sizeof (void *), false);
	  if (k == NULL)
	    gt_fatal ("Pointer target wasn't mapped");
	  r->addrs[j] = rev_key_host (k, target);
	}
      memcpy ((void *) (uintptr_t) (r->addrs[i] + r->sizes[j]),
	      &r->addrs[j], sizeof (uint64_t));
    }
  return j - 1;
}

/* Item I: a structure of SIZES[I] fields, the items after it; how many of
   them are to be copied as the structure was not mapped.  */
static uint64_t
rev_struct_item (struct rev_request *r, uint64_t i)
{
  struct rev_item *it = &r->items[i];
  uint64_t dev = r->addrs[i], last = i + r->sizes[i], first, end;
  struct gt_key *k;

  if (i + 1 >= r->mapnum || last >= r->mapnum || last <= i)
    gt_fatal ("reverse offload: a structure map of %" PRIu64 " field(s) "
	      "at item %" PRIu64 " of %" PRIu64, r->sizes[i], i, r->mapnum);
  first = r->addrs[i + 1];
  end = r->addrs[last] + r->sizes[last];
  k = rev_lookup (r->dev, first, end, false);
  it->present = k != NULL;
  it->devaddr = dev;
  if (k != NULL)
    {
      r->addrs[i] = rev_key_host (k, dev);
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
rev_translate_locked (struct rev_request *r)
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
rev_trace (struct rev_request *r, const uint64_t *devaddrs)
{
  uint64_t i;

  for (i = 0; i < r->mapnum; i++)
    {
      const struct rev_item *it = &r->items[i];
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
rev_copy_back (struct rev_request *r)
{
  uint64_t i, struct_cpy = 0;
  bool clean_struct = false;

  for (i = 0; i < r->mapnum; i++)
    {
      struct rev_item *it = &r->items[i];
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
rev_firstprivate (struct rev_request *r)
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

static double
now_us (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_MONOTONIC, &ts);
  return ts.tv_sec * 1e6 + ts.tv_nsec / 1e3;
}

void
gt_rev_serve (int32_t device_num, uint64_t fn, uint64_t mapnum,
	      uint64_t devaddrs, uint64_t sizes, uint64_t kinds,
	      const struct gt_rev_copier *copier)
{
  struct rev_request r;
  struct gt_device *dev;
  void (*host_fn) (void *);
  void *fp_block = NULL;
  uint64_t *traced = NULL;
  unsigned table_id;
  size_t pos;
  double start = gt_debug_level ? now_us () : 0;
  int saved;

  if (device_num < 0 || device_num >= gt_init_devices ())
    gt_fatal ("reverse offload request of device %d, which does not exist",
	      (int) device_num);
  if (copier == NULL || copier->dev2host == NULL || copier->host2dev == NULL)
    gt_fatal ("device %d: reverse offload request without a way to copy",
	      (int) device_num);
  if (mapnum > SIZE_MAX / (2 * sizeof (uint64_t) + sizeof (struct rev_item)))
    gt_fatal ("device %d: reverse offload request of %" PRIu64 " maps",
	      (int) device_num, mapnum);
  dev = &gt_devices[device_num];
  gt_device_lock (dev);
  host_fn = (void (*) (void *)) rev_host_fn_locked (dev, fn);
  gt_device_unlock (dev);
  /* A device that runs host code names the host function itself: one of
     the program's regions, or the one the calling thread is sending
     (without images, the regions are not registered).  */
  if (host_fn == NULL && (dev->caps & GT_CAP_HOST_CODE) && fn != 0
      && (gt_func_lookup ((const void *) (uintptr_t) fn, &table_id, &pos)
	  || (uintptr_t) fn == (uintptr_t) ancestor_in_flight))
    host_fn = (void (*) (void *)) (uintptr_t) fn;
  if (host_fn == NULL)
    gt_fatal ("Cannot find reverse-offload function");

  r.dev = dev;
  r.copier = copier;
  r.mapnum = mapnum;
  r.addrs = NULL;
  r.sizes = NULL;
  r.kinds = NULL;
  r.items = NULL;
  if (mapnum > 0)
    {
      r.addrs = gt_malloc (mapnum * sizeof *r.addrs);
      r.sizes = gt_malloc (mapnum * sizeof *r.sizes);
      r.kinds = gt_malloc (mapnum * sizeof *r.kinds);
      r.items = gt_calloc (mapnum, sizeof *r.items);
      rev_from_dev (&r, r.addrs, devaddrs, mapnum * sizeof *r.addrs);
      rev_from_dev (&r, r.sizes, sizes, mapnum * sizeof *r.sizes);
      rev_from_dev (&r, r.kinds, kinds, mapnum * sizeof *r.kinds);
      if (gt_debug_level)
	{
	  traced = gt_malloc (mapnum * sizeof *traced);
	  memcpy (traced, r.addrs, mapnum * sizeof *traced);
	}
      fp_block = rev_firstprivate (&r);
      gt_device_lock (dev);
      rev_translate_locked (&r);
      gt_device_unlock (dev);
      if (traced != NULL)
	{
	  rev_trace (&r, traced);
	  free (traced);
	}
    }

  /* The host function runs as the host's, whatever the calling thread
     was running.  */
  saved = gt_context_suspend ();
  host_fn (r.addrs);
  gt_context_resume (saved);

  if (mapnum > 0)
    {
      rev_copy_back (&r);
      free (fp_block);
      free (r.addrs);
      free (r.sizes);
      free (r.kinds);
      free (r.items);
    }
  if (gt_debug_level)
    gt_debug ("device %d: reverse offload of %p served: host function %p, "
	      "%" PRIu64 " map(s), %.1f us", (int) device_num,
	      (void *) (uintptr_t) fn, (void *) host_fn, mapnum,
	      now_us () - start);
}
