/* registry.c -- the registry behind GOMP_offload_register(_ver) and
   unregister (offload-register.c): the images of offload code a program
   carries, in the layouts of GCC 12 and older
   (library version 1), GCC 13 (2: a requires mask word in front of the
   target data) and GCC 14 (3: also indirect functions in the host table),
   wrapped for the plugins (device-lifecycle.c loads them onto each device
   that accepts them when it initialises it; unregistering unloads them),
   and
   the index from the host function of a region to its place in a host
   table, which a launch uses to find the region's entry.

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

#include "registry.h"
#include "gomp-map-kinds.h"
#include "requires.h"

#include <stdlib.h>

struct gt_registered_image *gt_images;
gt_mutex_t gt_registry_lock = GT_MUTEX_INITIALIZER;
GT_FORK_LOCK (gt_registry_lock);
unsigned gt_num_host_tables;
struct gt_func_index *gt_func_index;

/* The host tables registered, by number (registry.h), with the version
   word they were last registered with; NULL for a free number.  */
static const void **host_tables;
static unsigned *host_table_versions;
static unsigned host_tables_cap;

/* The number of HOST_TABLE, registered with VERSION: its own while an
   image of it is registered, else the lowest free one, else a new one.
   gt_registry_lock held.  */
static unsigned
host_table_id (const void *host_table, unsigned version)
{
  unsigned i, free_id = gt_num_host_tables;

  for (i = 0; i < gt_num_host_tables; i++)
    if (host_tables[i] == host_table)
      {
	host_table_versions[i] = version;
	return i;
      }
    else if (host_tables[i] == NULL && free_id == gt_num_host_tables)
      free_id = i;
  if (free_id < gt_num_host_tables)
    {
      host_tables[free_id] = host_table;
      host_table_versions[free_id] = version;
      return free_id;
    }
  if (gt_num_host_tables == host_tables_cap)
    {
      host_tables_cap = host_tables_cap ? 2 * host_tables_cap : 8;
      host_tables = gt_realloc (host_tables,
				host_tables_cap * sizeof *host_tables);
      host_table_versions
	= gt_realloc (host_table_versions,
		      host_tables_cap * sizeof *host_table_versions);
    }
  host_tables[gt_num_host_tables] = host_table;
  host_table_versions[gt_num_host_tables] = version;
  return gt_num_host_tables++;
}

bool
gt_host_table_version (unsigned table_id, unsigned *version)
{
  bool found;

  gt_lock (&gt_registry_lock);
  found = table_id < gt_num_host_tables;
  if (found)
    *version = host_table_versions[table_id];
  gt_unlock (&gt_registry_lock);
  return found;
}

/* Enter FN at REF in index T, which has room; gt_registry_lock held.  */
static void
func_index_put (struct gt_func_index *t, void *fn, uint64_t ref)
{
  size_t i;

  for (i = gt_func_hash (t, fn); ; i = (i + 1) & t->mask)
    {
      void *k = t->slot[i].fn;
      if (k == fn)
	{
	  /* A function of a host table registered later at the same
	     address (a library closed and another opened): the newer.  */
	  __atomic_store_n (&t->slot[i].ref, ref, __ATOMIC_RELAXED);
	  return;
	}
      if (k == NULL)
	{
	  __atomic_store_n (&t->slot[i].ref, ref, __ATOMIC_RELAXED);
	  __atomic_store_n (&t->slot[i].fn, fn, __ATOMIC_RELEASE);
	  t->used++;
	  return;
	}
    }
}

/* Make room in the index for N more functions; gt_registry_lock held.  */
static void
func_index_reserve (size_t n)
{
  struct gt_func_index *old = gt_func_index, *t;
  size_t slots = 64, i;
  unsigned bits = 6;

  if (old != NULL && 2 * (old->used + n) <= old->mask + 1)
    return;
  while (slots < 2 * ((old ? old->used : 0) + n))
    {
      slots *= 2;
      bits++;
    }
  t = gt_calloc (1, sizeof *t + slots * sizeof t->slot[0]);
  t->shift = 64 - bits;
  t->mask = slots - 1;
  t->retired = old;
  if (old != NULL)
    for (i = 0; i <= old->mask; i++)
      if (old->slot[i].fn != NULL)
	func_index_put (t, old->slot[i].fn, old->slot[i].ref);
  __atomic_store_n (&gt_func_index, t, __ATOMIC_RELEASE);
}

/* The host table as GCC lays it out: 4 words, or 6 from library version 3
   (see gomptarget-plugin.h).  */
struct gcc_host_table
{
  void **funcs_begin, **funcs_end;
  void **vars_begin, **vars_end;
  void **ind_funcs_begin, **ind_funcs_end;
};

/* Check VERSION, the version word of a registration or unregistration,
   and find the plugins' view of DATA (after the requires word that GCC 13
   and later put first) and the requires mask.  */
const void *
gt_registry_decode (unsigned version, const void *data, uint32_t *mask)
{
  if (GT_VERSION_LIB (version) > GT_GCC_LIB_VERSION_MAX)
    gt_fatal ("offload data of library version %u is newer than this "
	      "library supports (%u)", GT_VERSION_LIB (version),
	      GT_GCC_LIB_VERSION_MAX);
  *mask = 0;
  if (GT_VERSION_LIB (version) <= 1)
    return data;
  /* A pointer-sized word holding the mask, then the target's data.  */
  *mask = (uint32_t) *(const uintptr_t *) data;
  return (const void *const *) data + 1;
}

struct gt_registered_image *
gt_registry_add (unsigned version, const void *host_table, int target_type,
		 const void *data)
{
  const struct gcc_host_table *t = host_table;
  struct gt_registered_image *img;
  uint32_t mask;
  const void *target_data = gt_registry_decode (version, data, &mask);
  size_t i;

  img = gt_calloc (1, sizeof *img);
  img->version = version;
  img->target_type = target_type;
  img->host_table = host_table;
  img->data = data;
  img->target_data = target_data;
  img->num_funcs = (size_t) (t->funcs_end - t->funcs_begin);
  img->descriptor.magic = GT_GCC_IMAGE_MAGIC;
  img->descriptor.version = version;
  img->descriptor.target_type = target_type;
  img->descriptor.num_funcs = (uint32_t) img->num_funcs;
  img->descriptor.num_vars = (uint32_t) ((t->vars_end - t->vars_begin) / 2);
  img->descriptor.host_table = host_table;
  img->descriptor.target_data = target_data;
  img->descriptor.requires_mask = mask;
  if (GT_VERSION_LIB (version) >= 3 && t->ind_funcs_end > t->ind_funcs_begin)
    {
      img->descriptor.num_ind_funcs
	= (uint32_t) (t->ind_funcs_end - t->ind_funcs_begin);
      img->descriptor.ind_funcs = t->ind_funcs_begin;
    }
  img->image.ImageStart = &img->descriptor;
  img->image.ImageEnd = &img->descriptor + 1;

  /* The entries: functions, then variables, in the host table's order.  */
  size_t nentries = img->num_funcs + img->descriptor.num_vars;
  __tgt_offload_entry *e = gt_calloc (nentries, sizeof *e);
  for (i = 0; i < img->num_funcs; i++)
    {
      e[i].addr = t->funcs_begin[i];
      e[i].flags = GT_OFFLOAD_ENTRY_FUNC;
    }
  for (i = 0; i < img->descriptor.num_vars; i++)
    {
      uintptr_t size = (uintptr_t) t->vars_begin[2 * i + 1];
      uintptr_t link_bit = (uintptr_t) 1 << (sizeof (uintptr_t) * 8 - 1);
      e[img->num_funcs + i].addr = t->vars_begin[2 * i];
      e[img->num_funcs + i].size = size & ~link_bit;
      e[img->num_funcs + i].flags = (size & link_bit) ? GT_OFFLOAD_ENTRY_LINK
						     : GT_OFFLOAD_ENTRY_VAR;
    }
  img->image.EntriesBegin = e;
  img->image.EntriesEnd = e + nentries;

  gt_lock (&gt_registry_lock);
  gt_requires_register (mask);
  img->table_id = host_table_id (host_table, version);
  func_index_reserve (img->num_funcs);
  for (i = 0; i < img->num_funcs; i++)
    if (t->funcs_begin[i] != NULL)
      func_index_put (gt_func_index, t->funcs_begin[i],
		      (uint64_t) img->table_id << 32 | i);
  img->next = gt_images;
  gt_images = img;
  gt_unlock (&gt_registry_lock);
  return img;
}

struct gt_registered_image *
gt_registry_remove (const void *host_table, int target_type,
		    const void *target_data)
{
  struct gt_registered_image **p, *img = NULL;

  gt_lock (&gt_registry_lock);
  for (p = &gt_images; *p; p = &(*p)->next)
    if ((*p)->host_table == host_table && (*p)->target_type == target_type
	&& (*p)->target_data == target_data)
      {
	img = *p;
	*p = img->next;
	break;
      }
  gt_unlock (&gt_registry_lock);
  return img;
}

void
gt_registry_free (struct gt_registered_image *img)
{
  struct gt_registered_image *other;

  /* The last image of its host table gone (off every device already),
     its number is free for another: a library closed and opened again
     at another address, again and again, does not grow the tables kept
     by number.  The function index may keep entries of the closed
     library's functions under that number; no region of code that is
     gone is launched, and a function registered later at one of those
     addresses replaces its entry.  */
  gt_lock (&gt_registry_lock);
  for (other = gt_images; other; other = other->next)
    if (other->host_table == img->host_table)
      break;
  if (other == NULL && img->table_id < gt_num_host_tables
      && host_tables[img->table_id] == img->host_table)
    host_tables[img->table_id] = NULL;
  gt_unlock (&gt_registry_lock);
  free (img->image.EntriesBegin);
  free (img->loaded);
  free (img);
}
