/* mapping-slab.c -- the host memory of small blocks (gt_block_new's
   recyclable blocks: one key, at most GT_RECYCLE_DEVICE_BYTES of device
   memory), and the blocks of each device that no thread keeps.

   Mapping many small objects one after another (target enter data in a
   loop) allocates that many blocks, and unmapping them frees them in the
   same order.  From malloc, the blocks of the next round come back
   scattered, and every lookup and unmap of that round walks memory in no
   order: measured, target exit data of 10^6 objects took twice as long
   from the second round on.  Here blocks are carved from big chunks in
   address order, and a block no thread keeps (mapping-scratch.c) goes to
   its device's spare list, first in first out, with its device memory:
   a block freed in the order blocks were taken comes back in that order,
   and taking it needs neither malloc nor the plugin.  A device keeps at
   most SPARE_MAX spare blocks (64 MiB of device memory), so that device
   memory a program no longer maps is not held for ever; past that, and
   when its device's memory went with an earlier incarnation of the
   device, a block keeps only its host memory, for any device, in the
   same order.  Chunks are never given back.

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

#include <stdlib.h>

/* A block's host memory: a record of whole cache lines, the key first
   (gt_block_new), so that the key of a small object lies in two lines
   and its block and count in a third.  */
#define SLAB_LINE 64
#define SLAB_BLOCK_BYTES \
  ((GT_RECYCLE_HOST_BYTES + SLAB_LINE - 1) & ~(size_t) (SLAB_LINE - 1))
/* The first chunk's blocks; each next chunk has twice as many, up to
   a huge page's worth (gt_malloc_huge): 10^6 small objects mapped at
   once spread their keys over 200 MB, read at random.  */
#define SLAB_CHUNK_BLOCKS 256
#define SLAB_CHUNK_MAX_BLOCKS (((size_t) 2 << 20) / SLAB_BLOCK_BYTES - 1)
#define SPARE_MAX (1u << 20)

/* A chunk, aligned to a cache line: its records follow, from its second
   line.  Chunks stay on a list, so that tools that look for leaks see
   them reachable.  */
struct slab_chunk
{
  struct slab_chunk *next;
};

static gt_mutex_t slab_lock = GT_MUTEX_INITIALIZER;	/* Guards all below.  */
GT_FORK_LOCK (slab_lock);
static struct slab_chunk *chunks;
static char *carve_next;
static size_t carve_left;	/* Blocks left in the newest chunk.  */
static size_t chunk_blocks = SLAB_CHUNK_BLOCKS;	/* The next chunk's.  */
/* Blocks of host memory only, first in first out.  */
static struct gt_block *bare_head, *bare_tail;

/* The host memory of a block: a bare one, or one carved from a chunk.  */
static struct gt_block *
host_block (void)
{
  struct gt_block *b;

  gt_mutex_acquire (&slab_lock);
  if ((b = bare_head) != NULL)
    {
      if ((bare_head = b->next_dead) == NULL)
	bare_tail = NULL;
    }
  else
    {
      if (carve_left == 0)
	{
	  size_t bytes = SLAB_LINE + chunk_blocks * SLAB_BLOCK_BYTES;
	  struct slab_chunk *c
	    = (chunk_blocks == SLAB_CHUNK_MAX_BLOCKS ? gt_malloc_huge (bytes)
	       : aligned_alloc (SLAB_LINE, bytes));
	  if (c == NULL)
	    {
	      gt_mutex_release (&slab_lock);
	      return NULL;
	    }
	  c->next = chunks;
	  chunks = c;
	  carve_next = (char *) c + SLAB_LINE;
	  carve_left = chunk_blocks;
	  chunk_blocks = 2 * chunk_blocks < SLAB_CHUNK_MAX_BLOCKS
			 ? 2 * chunk_blocks : SLAB_CHUNK_MAX_BLOCKS;
	}
      b = (struct gt_block *) (carve_next + sizeof (struct gt_key));
      carve_next += SLAB_BLOCK_BYTES;
      carve_left--;
    }
  gt_mutex_release (&slab_lock);
  return b;
}

struct gt_block *
gt_block_small (struct gt_device *dev)
{
  unsigned incarnation = __atomic_load_n (&dev->incarnation,
					  __ATOMIC_ACQUIRE);
  struct gt_block *b;

  gt_mutex_acquire (&dev->spare_lock);
  if ((b = dev->spare_head) != NULL)
    {
      if ((dev->spare_head = b->next_dead) == NULL)
	dev->spare_tail = NULL;
      dev->num_spare--;
    }
  gt_mutex_release (&dev->spare_lock);
  if (b != NULL && GT_LIKELY (b->incarnation == incarnation))
    return b;
  if (b == NULL && (b = host_block ()) == NULL)
    gt_fatal ("out of memory allocating %zu bytes",
	      (size_t) SLAB_BLOCK_BYTES);
  b->dev = dev;
  b->dev_ptr = gt_dev_alloc (dev, GT_RECYCLE_DEVICE_BYTES, NULL);
  b->recyclable = true;
  b->incarnation = incarnation;
  return b;
}

/* To the blocks of host memory only.  */
static void
spare_bare (struct gt_block *b)
{
  b->dev_ptr = NULL;
  b->next_dead = NULL;
  gt_mutex_acquire (&slab_lock);
  if (bare_tail != NULL)
    bare_tail->next_dead = b;
  else
    bare_head = b;
  bare_tail = b;
  gt_mutex_release (&slab_lock);
}

void
gt_block_spare (struct gt_block *b)
{
  struct gt_device *dev = b->dev;
  bool kept = false;

  b->next_dead = NULL;
  if (b->incarnation != __atomic_load_n (&dev->incarnation,
					  __ATOMIC_ACQUIRE))
    {
      /* Its device memory went with the device.  */
      spare_bare (b);
      return;
    }
  gt_mutex_acquire (&dev->spare_lock);
  if (dev->num_spare < SPARE_MAX)
    {
      if (dev->spare_tail != NULL)
	dev->spare_tail->next_dead = b;
      else
	dev->spare_head = b;
      dev->spare_tail = b;
      dev->num_spare++;
      kept = true;
    }
  gt_mutex_release (&dev->spare_lock);
  if (!kept)
    {
      gt_dev_free (dev, b->dev_ptr);
      spare_bare (b);
    }
}
