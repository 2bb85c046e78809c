/* pools.c -- pools of the objects an emulated library hands out as
   handles (the HSA runtime's signals, queues, code objects, executables,
   symbols).  Slabs are never freed, so a handle can always be checked
   before use: it must point at an object boundary inside a slab of the
   right pool, and the object must be live.  A destroyed object stays
   dead until reused, so a stale handle is reported, not followed.

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

#include "emul-base.h"

#include <stdlib.h>
#include <string.h>

#define SLAB_OBJECTS 64
#define OBJ_MAGIC 0x48534145u	/* "HSAE" */

void *
emul_pool_get (struct emul_pool *pool)
{
  struct emul_obj *o;

  pthread_mutex_lock (&pool->lock);
  if (pool->free_list == NULL)
    {
      char *slab = calloc (SLAB_OBJECTS, pool->objsize);
      char **slabs = realloc (pool->slabs,
			      (pool->nslabs + 1) * sizeof *slabs);
      size_t i;

      if (slab == NULL || slabs == NULL)
	{
	  free (slab);
	  if (slabs != NULL)
	    pool->slabs = slabs;
	  pthread_mutex_unlock (&pool->lock);
	  return NULL;
	}
      pool->slabs = slabs;
      pool->slabs[pool->nslabs++] = slab;
      /* Hand out the lowest addresses first; a freed object goes to the
	 end, so handles are not reused at once.  */
      for (i = SLAB_OBJECTS; i-- > 0;)
	{
	  o = (struct emul_obj *) (slab + i * pool->objsize);
	  o->magic = OBJ_MAGIC;
	  o->next_free = pool->free_list;
	  pool->free_list = o;
	}
    }
  o = pool->free_list;
  pool->free_list = o->next_free;
  memset ((char *) o + sizeof *o, 0, pool->objsize - sizeof *o);
  o->next_free = NULL;
  __atomic_store_n (&o->live, 1, __ATOMIC_RELEASE);
  pthread_mutex_unlock (&pool->lock);
  return o;
}

void
emul_pool_put (struct emul_pool *pool, void *obj)
{
  struct emul_obj *o = obj, **tail;

  pthread_mutex_lock (&pool->lock);
  __atomic_store_n (&o->live, 0, __ATOMIC_RELEASE);
  o->next_free = NULL;
  for (tail = &pool->free_list; *tail != NULL;
       tail = (struct emul_obj **) &(*tail)->next_free)
    ;
  *tail = o;
  pthread_mutex_unlock (&pool->lock);
}

void *
emul_pool_find (struct emul_pool *pool, uint64_t handle)
{
  uintptr_t p = (uintptr_t) handle;
  void *found = NULL;
  size_t i;

  pthread_mutex_lock (&pool->lock);
  for (i = 0; i < pool->nslabs; i++)
    {
      uintptr_t start = (uintptr_t) pool->slabs[i];
      if (p >= start && p < start + SLAB_OBJECTS * pool->objsize
	  && (p - start) % pool->objsize == 0)
	{
	  struct emul_obj *o = (struct emul_obj *) p;
	  if (o->magic == OBJ_MAGIC
	      && __atomic_load_n (&o->live, __ATOMIC_ACQUIRE))
	    found = o;
	  break;
	}
    }
  pthread_mutex_unlock (&pool->lock);
  return found;
}
