/* host-cells.c -- the emulated device's small allocations.  Mapping many
   small objects (a scalar, a short array: the front end's small blocks
   ask for 64 bytes each) made each device copy a malloc block of its own,
   spread with malloc's headers over ordinary pages: a region mapping one
   of 10^6 such objects, picked at random, paid a TLB miss and a page walk
   for its device copy besides the cache miss.  Here requests up to
   HOST_CELL_MAX bytes get cells of their size rounded up to
   HOST_CELL_STEP, carved in address order from chunks of one size of
   cells each; the first chunk of a size is small, each next twice as big
   up to a huge page (2 MiB, aligned, madvise MADV_HUGEPAGE), so that a
   program mapping little never faults in a huge page.  Freed cells go to
   their size's free list, linked through their first word (device memory
   of the emulated device is host memory of the plugin); chunks stay
   until the device is finished.  Allocation and free take one lock per
   device; nothing here runs on a lookup path.

   Under a memory checker (ASan preloaded into the program, Valgrind)
   every request goes to malloc as before, so that the checker still
   catches an access past the end of a device allocation: cells would
   sit next to each other with no red zone between them.

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

#include "host-cells.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#if defined __has_include
# if __has_include (<valgrind/valgrind.h>)
#  include <valgrind/valgrind.h>
#  define UNDER_VALGRIND() (RUNNING_ON_VALGRIND != 0)
# endif
#endif
#ifndef UNDER_VALGRIND
# define UNDER_VALGRIND() false
#endif

/* Defined where the program runs with AddressSanitizer.  */
extern void __asan_init (void) __attribute__ ((weak));

#define FIRST_CHUNK ((size_t) 64 << 10)
#define HUGE_CHUNK ((size_t) 2 << 20)
#define CHUNK_ALIGN 64

struct host_cell_chunk
{
  uintptr_t start, end;
  size_t cell;			/* The size of its cells.  */
};

void
host_cells_init (struct host_cells *cells, bool on)
{
  unsigned c;

  pthread_mutex_init (&cells->lock, NULL);
  cells->on = on && &__asan_init == NULL && !UNDER_VALGRIND ();
  for (c = 0; c < HOST_CELL_CLASSES; c++)
    {
      cells->cls[c].free_list = NULL;
      cells->cls[c].carve_next = NULL;
      cells->cls[c].carve_left = 0;
      cells->cls[c].next_chunk = FIRST_CHUNK;
    }
  cells->chunks = NULL;
  cells->nchunks = cells->chunks_size = 0;
}

/* The index of the first chunk of CELLS that ends after ADDR.  */
static size_t
chunk_after (const struct host_cells *cells, uintptr_t addr)
{
  size_t lo = 0, hi = cells->nchunks;

  while (lo < hi)
    {
      size_t mid = lo + (hi - lo) / 2;
      if (cells->chunks[mid].end <= addr)
	lo = mid + 1;
      else
	hi = mid;
    }
  return lo;
}

/* A new chunk for class K, of cells of CELL bytes (lock held); false
   when out of memory.  */
static bool
new_chunk (struct host_cells *cells, struct host_cell_class *k, size_t cell)
{
  size_t bytes = k->next_chunk, i;
  void *p;

  if (cells->nchunks == cells->chunks_size)
    {
      size_t n = cells->chunks_size ? 2 * cells->chunks_size : 16;
      struct host_cell_chunk *t = realloc (cells->chunks, n * sizeof *t);
      if (t == NULL)
	return false;
      cells->chunks = t;
      cells->chunks_size = n;
    }
  p = aligned_alloc (bytes == HUGE_CHUNK ? HUGE_CHUNK : CHUNK_ALIGN, bytes);
  if (p == NULL)
    return false;
#ifdef MADV_HUGEPAGE
  /* Only advice: where the kernel refuses, small pages serve.  */
  if (bytes == HUGE_CHUNK)
    madvise (p, bytes, MADV_HUGEPAGE);
#endif
  i = chunk_after (cells, (uintptr_t) p);
  memmove (&cells->chunks[i + 1], &cells->chunks[i],
	   (cells->nchunks - i) * sizeof *cells->chunks);
  cells->chunks[i].start = (uintptr_t) p;
  cells->chunks[i].end = (uintptr_t) p + bytes;
  cells->chunks[i].cell = cell;
  cells->nchunks++;
  k->carve_next = p;
  k->carve_left = bytes;
  if (bytes < HUGE_CHUNK)
    k->next_chunk = 2 * bytes;
  return true;
}

void *
host_cells_alloc (struct host_cells *cells, size_t size, size_t *usable)
{
  struct host_cell_class *k;
  size_t cell;
  void *p;

  if (!cells->on || size > HOST_CELL_MAX)
    return NULL;
  cell = size ? (size + HOST_CELL_STEP - 1) & ~(size_t) (HOST_CELL_STEP - 1)
	      : HOST_CELL_STEP;
  k = &cells->cls[cell / HOST_CELL_STEP - 1];
  pthread_mutex_lock (&cells->lock);
  if ((p = k->free_list) != NULL)
    k->free_list = *(void **) p;
  else if (k->carve_left >= cell || new_chunk (cells, k, cell))
    {
      p = k->carve_next;
      k->carve_next += cell;
      k->carve_left -= cell;
    }
  pthread_mutex_unlock (&cells->lock);
  if (p != NULL)
    *usable = cell;
  return p;
}

size_t
host_cells_free (struct host_cells *cells, void *p)
{
  uintptr_t a = (uintptr_t) p;
  size_t i, cell = 0;

  if (!cells->on || p == NULL)
    return 0;
  pthread_mutex_lock (&cells->lock);
  i = chunk_after (cells, a);
  if (i < cells->nchunks && cells->chunks[i].start <= a)
    {
      struct host_cell_class *k;
      cell = cells->chunks[i].cell;
      k = &cells->cls[cell / HOST_CELL_STEP - 1];
      *(void **) p = k->free_list;
      k->free_list = p;
    }
  pthread_mutex_unlock (&cells->lock);
  return cell;
}

void
host_cells_fini (struct host_cells *cells)
{
  size_t i;
  unsigned c;

  pthread_mutex_lock (&cells->lock);
  for (i = 0; i < cells->nchunks; i++)
    free ((void *) cells->chunks[i].start);
  free (cells->chunks);
  cells->chunks = NULL;
  cells->nchunks = cells->chunks_size = 0;
  for (c = 0; c < HOST_CELL_CLASSES; c++)
    {
      cells->cls[c].free_list = NULL;
      cells->cls[c].carve_next = NULL;
      cells->cls[c].carve_left = 0;
      cells->cls[c].next_chunk = FIRST_CHUNK;
    }
  pthread_mutex_unlock (&cells->lock);
}
