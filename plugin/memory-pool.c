/* memory-pool.c -- the cache of freed device blocks shared by plugins
   whose device memory is host-addressable (memory-pool.h).  Each block
   carries a 16-byte header with its size class; freed blocks wait in one
   list per class until reused or until the cache is over its limit.

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

#include "memory-pool.h"

#include <stdint.h>
#include <stdlib.h>

struct block_header
{
  size_t cls;
  size_t size;			/* Usable bytes: the class size.  */
};

#define HEADER_SIZE 16

/* The class of SIZE and its rounded size.  */
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

void
gt_pool_init (struct gt_memory_pool *pool, size_t limit)
{
  size_t i;

  pthread_mutex_init (&pool->lock, NULL);
  pool->cached = 0;
  pool->limit = limit;
  for (i = 0; i < GT_POOL_CLASSES; i++)
    pool->free_list[i] = NULL;
}

void *
gt_pool_alloc (struct gt_memory_pool *pool, size_t size)
{
  size_t rounded;
  unsigned cls = size_class (size, &rounded);
  struct block_header *h;

  if (cls >= GT_POOL_CLASSES || rounded > SIZE_MAX - HEADER_SIZE)
    return NULL;
  pthread_mutex_lock (&pool->lock);
  h = pool->free_list[cls];
  if (h != NULL)
    {
      pool->free_list[cls] = *(void **) ((char *) h + HEADER_SIZE);
      pool->cached -= h->size;
    }
  pthread_mutex_unlock (&pool->lock);
  if (h == NULL)
    {
      h = malloc (HEADER_SIZE + rounded);
      if (h == NULL)
	return NULL;
      h->cls = cls;
      h->size = rounded;
    }
  return (char *) h + HEADER_SIZE;
}

void
gt_pool_free (struct gt_memory_pool *pool, void *ptr)
{
  struct block_header *h;
  bool keep;

  if (ptr == NULL)
    return;
  h = (struct block_header *) ((char *) ptr - HEADER_SIZE);
  pthread_mutex_lock (&pool->lock);
  keep = pool->cached + h->size <= pool->limit;
  if (keep)
    {
      *(void **) ptr = pool->free_list[h->cls];
      pool->free_list[h->cls] = h;
      pool->cached += h->size;
    }
  pthread_mutex_unlock (&pool->lock);
  if (!keep)
    free (h);
}
