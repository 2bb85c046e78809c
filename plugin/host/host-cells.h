/* host-cells.h -- the emulated device's small allocations: cells of a
   few sizes carved in address order from big chunks, the biggest on
   huge pages (host-cells.c).

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

#ifndef GT_HOST_CELLS_H
#define GT_HOST_CELLS_H

#include <pthread.h>
#include <stdbool.h>
#include <stddef.h>

/* Requests up to this many bytes are served by cells.  */
#define HOST_CELL_MAX 256
#define HOST_CELL_STEP 16
#define HOST_CELL_CLASSES (HOST_CELL_MAX / HOST_CELL_STEP)

struct host_cell_chunk;

/* One size of cells.  */
struct host_cell_class
{
  void *free_list;		/* Freed cells, linked through their start.  */
  char *carve_next;		/* Never used cells of the newest chunk.  */
  size_t carve_left;
  size_t next_chunk;		/* Bytes of the class's next chunk.  */
};

/* A device's cells, all zero before host_cells_init.  */
struct host_cells
{
  pthread_mutex_t lock;		/* Guards all below.  */
  bool on;			/* False: every request goes to malloc.  */
  struct host_cell_class cls[HOST_CELL_CLASSES];
  /* The chunks, sorted by address, to tell a cell from a malloc block.  */
  struct host_cell_chunk *chunks;
  size_t nchunks, chunks_size;
};

/* Set up CELLS; with ON false (or under a memory checker, which then
   keeps watching each device allocation on its own) none is served.  */
void host_cells_init (struct host_cells *cells, bool on);

/* A cell for SIZE bytes, its size in *USABLE; NULL, *USABLE untouched,
   when SIZE is too big, the cells are off or memory ran out (then ask
   malloc).  */
void *host_cells_alloc (struct host_cells *cells, size_t size,
			size_t *usable);

/* If P is a cell of CELLS, free it and return its size; else 0.  */
size_t host_cells_free (struct host_cells *cells, void *p);

/* Give back every chunk; no cell is in use.  */
void host_cells_fini (struct host_cells *cells);

#endif /* GT_HOST_CELLS_H */
