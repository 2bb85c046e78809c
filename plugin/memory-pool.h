/* memory-pool.h -- a cache of freed device blocks for plugins whose
   device memory is host-addressable, so that a construct mapping the same
   sizes again reuses warm memory instead of allocating (and faulting in)
   fresh pages.

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

#ifndef GT_MEMORY_POOL_H
#define GT_MEMORY_POOL_H

#include <pthread.h>
#include <stddef.h>

#include "plugin-common.h"

/* Size classes: up to 64 bytes, then four per power of two.  */
#define GT_POOL_CLASSES 256

struct gt_memory_pool
{
  pthread_mutex_t lock;
  size_t cached;		/* Bytes held in the free lists.  */
  size_t limit;			/* At most this many bytes are kept.  */
  void *free_list[GT_POOL_CLASSES];
};

/* Initialise POOL to keep at most LIMIT bytes of freed blocks.  */
void gt_pool_init (struct gt_memory_pool *pool, size_t limit)
  GT_PLUGIN_HIDDEN;

/* A block of at least SIZE bytes, 16-byte aligned; NULL on failure.  */
void *gt_pool_alloc (struct gt_memory_pool *pool, size_t size)
  GT_PLUGIN_HIDDEN;

/* Return PTR (from gt_pool_alloc, or NULL) to POOL.  */
void gt_pool_free (struct gt_memory_pool *pool, void *ptr) GT_PLUGIN_HIDDEN;

#endif /* GT_MEMORY_POOL_H */
