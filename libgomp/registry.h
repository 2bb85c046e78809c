/* registry.h -- the offload images the program registered
   (GOMP_offload_register_ver), wrapped for the plugins, and the index
   that finds a region's host function in them (registry.c).

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

#ifndef GT_REGISTRY_H
#define GT_REGISTRY_H

#include "diagnostics.h"

#include <pthread.h>
#include <stdint.h>

#include "gomptarget-plugin.h"

struct gt_registered_image
{
  struct gt_registered_image *next;
  unsigned version;
  int target_type;
  const void *host_table;
  const void *data;		/* As registered (with the requires word of
				   library versions 2 and 3).  */
  const void *target_data;	/* What the plugins get: DATA without it.  */
  unsigned table_id;		/* The number of HOST_TABLE, see below.  */
  size_t num_funcs;
  struct gt_gcc_image descriptor;
  __tgt_device_image image;	/* Wraps descriptor (gomptarget-plugin.h).  */
  /* The table each device loaded from it, by device number (NUM_LOADED
     slots; NULL where none), so that unregistering can unload it; under
     gt_registry_lock.  */
  __tgt_target_table **loaded;
  int num_loaded;
};

/* The highest library version (GT_GCC_VERSION_LIB) of GCC's offload data
   this library reads: GCC 14's.  */
#define GT_GCC_LIB_VERSION_MAX 3

/* The registered images, newest first, under gt_registry_lock.  */
extern struct gt_registered_image *gt_images GT_HIDDEN;
extern gt_mutex_t gt_registry_lock GT_HIDDEN;

/* Every host table registered gets a number, 0, 1, ..., which it keeps
   while an image of it is registered (the lowest free one; the number
   of a host table whose last image was unregistered is free again):
   the images of one host table, one per target type, list the same
   functions in the same order.  A device keeps the table of entries it
   loaded for each number (devices.h); the index below gives, for the
   host function of a region, its table's number and its position in
   it, so that a launch finds its entry on the device without a search.
   gt_num_host_tables is read and written under gt_registry_lock.  */
extern unsigned gt_num_host_tables GT_HIDDEN;

/* The version word host table TABLE_ID was registered with last, in
   *VERSION; false if there is no such table.  */
bool gt_host_table_version (unsigned table_id, unsigned *version) GT_HIDDEN;

/* One slot of the index: FN, and (table number << 32 | position).  */
struct gt_func_slot
{
  void *fn;
  uint64_t ref;
};

/* An open-addressing hash table, at most half full, written under
   gt_registry_lock and read without a lock: a slot's ref is written
   before its fn is published, and a full table is replaced by a larger
   copy, the old one being kept (a reader may still be in it).  */
struct gt_func_index
{
  unsigned shift;		/* 64 - log2 (number of slots).  */
  size_t mask;			/* Number of slots - 1.  */
  size_t used;
  struct gt_func_index *retired;	/* The table this one replaced.  */
  struct gt_func_slot slot[];
};

extern struct gt_func_index *gt_func_index GT_HIDDEN;

static inline size_t
gt_func_hash (const struct gt_func_index *t, const void *fn)
{
  return (size_t) (((uint64_t) (uintptr_t) fn * 0x9e3779b97f4a7c15ull)
		   >> t->shift);
}

/* Find host function FN in the registered host tables: its table's
   number and its position there.  Allocates nothing, takes no lock.  */
static inline bool
gt_func_lookup (const void *fn, unsigned *table_id, size_t *pos)
{
  const struct gt_func_index *t
    = __atomic_load_n (&gt_func_index, __ATOMIC_ACQUIRE);
  size_t i;

  if (t == NULL || fn == NULL)
    return false;
  for (i = gt_func_hash (t, fn); ; i = (i + 1) & t->mask)
    {
      const void *k = __atomic_load_n (&t->slot[i].fn, __ATOMIC_ACQUIRE);
      if (k == fn)
	{
	  uint64_t ref = __atomic_load_n (&t->slot[i].ref, __ATOMIC_RELAXED);
	  *table_id = (unsigned) (ref >> 32);
	  *pos = (size_t) (uint32_t) ref;
	  return true;
	}
      if (k == NULL)
	return false;
    }
}

/* Check VERSION, the version word of a registration or unregistration
   (fatal if newer than supported), and return the plugins' view of DATA,
   with the requires mask in *MASK.  */
const void *gt_registry_decode (unsigned version, const void *data,
				uint32_t *mask) GT_HIDDEN;

/* Register the image GOMP_offload_register_ver gives, and return it.  */
struct gt_registered_image *gt_registry_add (unsigned version,
					     const void *host_table,
					     int target_type,
					     const void *data) GT_HIDDEN;

/* Take the image registered with these arguments out of the registry and
   return it, or NULL if there is none; gt_registry_free frees it.  */
struct gt_registered_image *gt_registry_remove (const void *host_table,
						int target_type,
						const void *target_data)
  GT_HIDDEN;
void gt_registry_free (struct gt_registered_image *img) GT_HIDDEN;

#endif /* GT_REGISTRY_H */
