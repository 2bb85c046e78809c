/* mapping-scratch.c -- the storage the mapping of a construct reuses from
   one construct to the next on each thread: the thread's construct, the
   plans of the items, the device values of a region's arguments, the
   staging buffer of the small copies and small blocks of device memory
   (gt_blocks_free keeps them here, or frees dead blocks for good).  The
   launch path allocates nothing once they have grown to fit; they are
   freed when the thread exits.

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
#include "gt-once.h"

#include <stdlib.h>

GT_TLS struct gt_scratch gt_scratch;

/* Free this thread's scratch storage when it exits.  */
static pthread_key_t scratch_key;
static pthread_once_t scratch_once = PTHREAD_ONCE_INIT;

static void
free_scratch (void *unused)
{
  (void) unused;
  gt_blocks_free_recycled ();
  gt_construct_release (&gt_scratch.construct);
  free (gt_scratch.plan);
  free (gt_scratch.devaddrs);
  gt_scratch.plan = NULL;
  gt_scratch.devaddrs = NULL;
  gt_scratch.plan_cap = gt_scratch.devaddrs_cap = 0;
}

static void
make_scratch_key (void)
{
  pthread_key_create (&scratch_key, free_scratch);
}

/* Called when a thread first allocates scratch storage.  */
static void
register_scratch (void)
{
  if (gt_scratch.registered)
    return;
  gt_once (&scratch_once, NULL, make_scratch_key);
  pthread_setspecific (scratch_key, (void *) 1);
  gt_scratch.registered = true;
}

void *
gt_scratch_grow (void **buf, size_t *cap, size_t n)
{
  if (*cap == 0)
    register_scratch ();
  if (n < 256)
    n = 256;
  free (*buf);
  *buf = gt_malloc (n);
  *cap = n;
  return *buf;
}

void
gt_construct_grow (struct gt_construct *c, size_t n)
{
  size_t cap = c->capacity * 2;

  if (cap < c->nitems + n)
    cap = c->nitems + n;
  if (cap < 8)
    cap = 8;
  c->items = gt_realloc (c->items, cap * sizeof *c->items);
  c->capacity = cap;
}

void
gt_construct_release (struct gt_construct *c)
{
  free (c->items);
  c->items = NULL;
  c->nitems = c->capacity = 0;
}

struct gt_block *
gt_block_reuse (struct gt_device *dev)
{
  struct gt_block **p, *b;

  for (p = &gt_scratch.recycled; (b = *p) != NULL; p = &b->next_dead)
    if (b->dev == dev)
      {
	*p = b->next_dead;
	gt_scratch.nrecycled--;
	if (GT_LIKELY (b->incarnation
		       == __atomic_load_n (&dev->incarnation,
					   __ATOMIC_ACQUIRE)))
	  return b;
	/* Its device memory went with the device's last incarnation.  */
	gt_block_spare (b);
	return NULL;
      }
  return NULL;
}

bool
gt_block_recycle (struct gt_block *b)
{
  if (gt_scratch.nrecycled >= GT_RECYCLE_MAX)
    return false;
  register_scratch ();
  b->next_dead = gt_scratch.recycled;
  gt_scratch.recycled = b;
  gt_scratch.nrecycled++;
  return true;
}

void
gt_blocks_free_recycled (void)
{
  struct gt_block *b;

  while ((b = gt_scratch.recycled) != NULL)
    {
      gt_scratch.recycled = b->next_dead;
      gt_block_spare (b);
    }
  gt_scratch.nrecycled = 0;
}

/* Free the blocks queued on DEAD, or keep the small ones for reuse.  */
void
gt_blocks_free (struct gt_block *dead)
{
  while (dead)
    {
      struct gt_block *next = dead->next_dead;
      if (!dead->recyclable || !gt_block_recycle (dead))
	gt_block_free (dead);
      dead = next;
    }
}
