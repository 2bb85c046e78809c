/* pool.c -- the device memory pool of the plugin core.  Freed device
   blocks are kept in size classes for reuse, so that constructs mapping
   the same sizes again do not allocate (and, on the emulated device,
   fault in fresh pages).  The bookkeeping lives in host memory outside the
   blocks -- one record per block, found by address in an open hash table
   -- so the pool serves device memory the host cannot touch.  When the
   vendor allocator fails, the pool frees what it caches and tries again
   before it reports the failure.

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

#include "plugin-core.h"

#include <stdlib.h>

/* Size classes: up to 64 bytes, then four per power of two.  */
#define POOL_CLASSES 256

struct gtc_pool_block
{
  uintptr_t addr;
  size_t size;			/* The class size: what was allocated.  */
  unsigned cls;
  bool cached;			/* In a free list, not in use.  */
  struct gtc_pool_block *next;	/* Free list or spare list.  */
};

/* The class of SIZE, and its rounded size in *ROUNDED.  */
static unsigned
size_class (size_t size, size_t *rounded)
{
  unsigned b;
  size_t step, r;

  if (size <= 64)
    {
      *rounded = 64;
      return 0;
    }
  /* 2^b < size <= 2^(b+1); classes 2^b + k * 2^(b-2), k = 1..4.  */
  b = 63 - (unsigned) __builtin_clzll ((unsigned long long) (size - 1));
  step = (size_t) 1 << (b - 2);
  r = (size + step - 1) & ~(step - 1);
  *rounded = r;
  return 1 + (b - 6) * 4 + (unsigned) ((r - ((size_t) 1 << b)) / step) - 1;
}

static inline size_t
hash_addr (uintptr_t addr, size_t mask)
{
  return (size_t) (((uint64_t) addr >> 4) * 0x9e3779b97f4a7c15ull >> 20)
	 & mask;
}

/* The slot of ADDR in POOL's table, or of the free slot where it would
   go.  */
static size_t
table_slot (const struct gtc_pool *pool, uintptr_t addr)
{
  size_t mask = pool->table_size - 1, i = hash_addr (addr, mask);

  while (pool->table[i].addr != 0 && pool->table[i].addr != addr)
    i = (i + 1) & mask;
  return i;
}

static bool
table_grow (struct gtc_pool *pool)
{
  struct gtc_pool_slot *old = pool->table;
  size_t old_size = pool->table_size, i;
  size_t size = old_size ? 2 * old_size : 256;
  struct gtc_pool_slot *t = calloc (size, sizeof *t);

  if (t == NULL)
    return false;
  pool->table = t;
  pool->table_size = size;
  for (i = 0; i < old_size; i++)
    if (old[i].addr != 0)
      t[table_slot (pool, old[i].addr)] = old[i];
  free (old);
  return true;
}

/* Remove the record in slot I, keeping every other record reachable from
   its home slot (linear probing).  */
static void
table_remove (struct gtc_pool *pool, size_t i)
{
  size_t mask = pool->table_size - 1, j = i;

  pool->table[i].addr = 0;
  pool->table_used--;
  for (;;)
    {
      size_t home;
      j = (j + 1) & mask;
      if (pool->table[j].addr == 0)
	return;
      home = hash_addr (pool->table[j].addr, mask);
      /* Move it back to I unless its home lies cyclically in (I, J].  */
      if ((j > i && (home <= i || home > j))
	  || (j < i && home <= i && home > j))
	{
	  pool->table[i] = pool->table[j];
	  pool->table[j].addr = 0;
	  i = j;
	}
    }
}

void
gtc_pool_init (struct gtc_pool *pool, size_t limit)
{
  pthread_mutex_init (&pool->lock, NULL);
  pool->cached = 0;
  pool->limit = limit;
  pool->in_use = 0;
  pool->free_list = calloc (POOL_CLASSES, sizeof *pool->free_list);
  pool->table = NULL;
  pool->table_size = pool->table_used = 0;
  pool->spare = NULL;
}

/* Take every cached block out of POOL (its lock held) as a list.  */
static struct gtc_pool_block *
take_cached (struct gtc_pool *pool)
{
  struct gtc_pool_block *list = NULL;
  unsigned c;

  for (c = 0; c < POOL_CLASSES && pool->free_list; c++)
    while (pool->free_list[c] != NULL)
      {
	struct gtc_pool_block *b = pool->free_list[c];
	pool->free_list[c] = b->next;
	b->cached = false;
	table_remove (pool, table_slot (pool, b->addr));
	b->next = list;
	list = b;
      }
  pool->cached = 0;
  return list;
}

/* Free the blocks of LIST on DEV and keep their records as spares.  */
static void
release_blocks (struct gtc_device *dev, struct gtc_pool_block *list)
{
  struct gtc_pool *pool = &dev->pool;
  struct gtc_pool_block *b, *next;

  for (b = list; b != NULL; b = b->next)
    gtc_vendor.mem_free (dev, (void *) b->addr);
  pthread_mutex_lock (&pool->lock);
  for (b = list; b != NULL; b = next)
    {
      next = b->next;
      b->next = pool->spare;
      pool->spare = b;
    }
  pthread_mutex_unlock (&pool->lock);
}

void
gtc_pool_flush (struct gtc_device *dev)
{
  struct gtc_pool *pool = &dev->pool;
  struct gtc_pool_block *list;
  size_t bytes;

  pthread_mutex_lock (&pool->lock);
  bytes = pool->cached;
  list = take_cached (pool);
  pthread_mutex_unlock (&pool->lock);
  if (list != NULL)
    gt_plugin_debug ("device %d: freed %zu cached bytes of device memory",
		     (int) dev->id, bytes);
  release_blocks (dev, list);
}

void *
gtc_pool_alloc (struct gtc_device *dev, size_t size)
{
  struct gtc_pool *pool = &dev->pool;
  struct gtc_pool_block *b;
  size_t rounded, i;
  unsigned cls = size_class (size, &rounded);
  void *p;

  if (cls >= POOL_CLASSES)
    {
      gt_plugin_error ("device %d: cannot allocate %zu bytes of device "
		       "memory", (int) dev->id, size);
      return NULL;
    }
  pthread_mutex_lock (&pool->lock);
  b = pool->free_list[cls];
  if (b != NULL)
    {
      pool->free_list[cls] = b->next;
      b->cached = false;
      pool->cached -= b->size;
      pool->in_use += b->size;
      pthread_mutex_unlock (&pool->lock);
      return (void *) b->addr;
    }
  pthread_mutex_unlock (&pool->lock);

  p = gtc_vendor.mem_alloc (dev, rounded);
  if (p == NULL)
    {
      /* Give back what the pool holds and try once more.  */
      gtc_pool_flush (dev);
      p = gtc_vendor.mem_alloc (dev, rounded);
      if (p == NULL)
	{
	  gt_plugin_error ("device %d: out of device memory: cannot allocate "
			   "%zu bytes (%zu bytes in use)", (int) dev->id,
			   size, pool->in_use);
	  return NULL;
	}
      gt_plugin_debug ("device %d: allocation of %zu bytes succeeded after "
		       "freeing the cache", (int) dev->id, rounded);
    }

  pthread_mutex_lock (&pool->lock);
  b = pool->spare;
  if (b != NULL)
    pool->spare = b->next;
  else
    b = malloc (sizeof *b);
  if (b == NULL
      || (2 * (pool->table_used + 1) > pool->table_size
	  && !table_grow (pool)))
    {
      pthread_mutex_unlock (&pool->lock);
      free (b);
      gtc_vendor.mem_free (dev, p);
      gt_plugin_error ("out of host memory for the device memory pool");
      return NULL;
    }
  b->addr = (uintptr_t) p;
  b->size = rounded;
  b->cls = cls;
  b->cached = false;
  b->next = NULL;
  i = table_slot (pool, b->addr);
  pool->table[i].addr = b->addr;
  pool->table[i].block = b;
  pool->table_used++;
  pool->in_use += rounded;
  pthread_mutex_unlock (&pool->lock);
  return p;
}

int
gtc_pool_free (struct gtc_device *dev, void *ptr)
{
  struct gtc_pool *pool = &dev->pool;
  struct gtc_pool_block *b;
  size_t i;

  if (ptr == NULL)
    return GT_RTL_SUCCESS;
  pthread_mutex_lock (&pool->lock);
  i = pool->table_size ? table_slot (pool, (uintptr_t) ptr) : 0;
  b = pool->table_size && pool->table[i].addr != 0 ? pool->table[i].block
						   : NULL;
  if (b == NULL || b->cached)
    {
      pthread_mutex_unlock (&pool->lock);
      gt_plugin_error ("device %d: %p is not allocated device memory",
		       (int) dev->id, ptr);
      return GT_RTL_FAIL;
    }
  pool->in_use -= b->size;
  if (pool->cached + b->size <= pool->limit)
    {
      b->next = pool->free_list[b->cls];
      b->cached = true;
      pool->free_list[b->cls] = b;
      pool->cached += b->size;
      pthread_mutex_unlock (&pool->lock);
      return GT_RTL_SUCCESS;
    }
  table_remove (pool, i);
  b->next = pool->spare;
  pool->spare = b;
  pthread_mutex_unlock (&pool->lock);
  return gtc_vendor.mem_free (dev, ptr) == 0 ? GT_RTL_SUCCESS : GT_RTL_FAIL;
}

void
gtc_pool_fini (struct gtc_device *dev)
{
  struct gtc_pool *pool = &dev->pool;
  struct gtc_pool_block *b, *list = NULL;
  size_t i;

  /* Every block, cached or still in use, goes back to the device.  */
  pthread_mutex_lock (&pool->lock);
  list = take_cached (pool);
  for (i = 0; i < pool->table_size; i++)
    if (pool->table[i].addr != 0)
      {
	b = pool->table[i].block;
	b->next = list;
	list = b;
      }
  free (pool->table);
  pool->table = NULL;
  pool->table_size = pool->table_used = 0;
  pool->in_use = 0;
  pthread_mutex_unlock (&pool->lock);
  release_blocks (dev, list);
  pthread_mutex_lock (&pool->lock);
  while ((b = pool->spare) != NULL)
    {
      pool->spare = b->next;
      free (b);
    }
  pthread_mutex_unlock (&pool->lock);
}
