/* memory.c -- memory of the emulated HSA runtime.  Each GPU agent's memory
   is an address range reserved for it alone (and the system/kernarg
   memory another), so a device pointer is never a host pointer: pages are
   mapped when allocated and unmapped when freed, with an unmapped guard
   page after every allocation, so that an emulated kernel (host code)
   touching freed memory or running off the end of an allocation faults
   instead of corrupting a neighbour.  Copies check that every pointer
   inside these ranges lies, with the whole length, in one live allocation.
   Also pinned host memory and the asynchronous copies of the AMD
   extension.

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

#include "emul-hsa.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#define FREED_KEPT 64

struct emul_block
{
  uintptr_t start;
  size_t size;			/* As requested.  */
  size_t mapped;		/* Rounded to pages.  */
  struct emul_region *region;
};

struct emul_freed
{
  uintptr_t start;
  size_t size;
};

struct emul_arena
{
  char name[16];
  uintptr_t base;
  uint64_t size;
  uintptr_t cursor;		/* Next-fit: where to look first.  */
  struct emul_block *blocks;	/* Sorted by start.  */
  size_t nblocks, cap;
  struct emul_freed freed[FREED_KEPT];	/* The last ones freed.  */
  unsigned freed_next;
};

static pthread_mutex_t mem_lock = PTHREAD_MUTEX_INITIALIZER;
static struct emul_arena *arenas[1 + EMUL_MAX_GPUS];
static int narenas;

struct emul_arena *
emul_arena_create (const char *name, uint64_t size)
{
  struct emul_arena *a = calloc (1, sizeof *a);
  void *p;

  if (a == NULL)
    return NULL;
  p = mmap (NULL, size, PROT_NONE,
	    MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (p == MAP_FAILED)
    {
      emul_report ("cannot reserve %llu MiB of address space for %s memory",
		   (unsigned long long) (size >> 20), name);
      free (a);
      return NULL;
    }
  strncpy (a->name, name, sizeof a->name - 1);
  a->base = (uintptr_t) p;
  a->size = size;
  a->cursor = a->base;
  pthread_mutex_lock (&mem_lock);
  arenas[narenas++] = a;
  pthread_mutex_unlock (&mem_lock);
  return a;
}

static struct emul_arena *
arena_of (uintptr_t p)
{
  int i;

  for (i = 0; i < narenas; i++)
    if (p >= arenas[i]->base && p - arenas[i]->base < arenas[i]->size)
      return arenas[i];
  return NULL;
}

/* The index of the block holding P, or -1.  */
static long
block_of (struct emul_arena *a, uintptr_t p)
{
  size_t lo = 0, hi = a->nblocks;

  while (lo < hi)
    {
      size_t mid = (lo + hi) / 2;
      if (a->blocks[mid].start + a->blocks[mid].mapped <= p)
	lo = mid + 1;
      else if (a->blocks[mid].start > p)
	hi = mid;
      else
	return (long) mid;
    }
  return -1;
}

/* A free range of NEED bytes in A at or after FROM, below LIMIT.  */
static uintptr_t
find_gap (struct emul_arena *a, uintptr_t from, uintptr_t limit, size_t need)
{
  uintptr_t at = from;
  size_t i;

  for (i = 0; i < a->nblocks; i++)
    {
      const struct emul_block *b = &a->blocks[i];
      uintptr_t end = b->start + b->mapped + EMUL_PAGE;
      if (end <= at)
	continue;
      if (b->start >= at + need)
	break;
      at = end;
    }
  return at + need <= limit ? at : 0;
}

hsa_status_t
emul_mem_allocate (struct emul_region *r, size_t size, void **ptr,
		   const char *api)
{
  struct emul_arena *a = r->arena;
  size_t mapped;
  uintptr_t at;
  struct emul_block *b;
  size_t i;

  if (ptr == NULL || size == 0)
    return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  if (a == NULL || size > r->size)
    return HSA_STATUS_ERROR_INVALID_ALLOCATION;
  if (emul_fault (EMUL_FAULT_ALLOC))
    return HSA_STATUS_ERROR_OUT_OF_RESOURCES;
  mapped = (size + EMUL_PAGE - 1) & ~(size_t) (EMUL_PAGE - 1);

  pthread_mutex_lock (&mem_lock);
  at = find_gap (a, a->cursor, a->base + a->size, mapped + EMUL_PAGE);
  if (at == 0)
    at = find_gap (a, a->base, a->base + a->size, mapped + EMUL_PAGE);
  if (at == 0
      || mprotect ((void *) at, mapped, PROT_READ | PROT_WRITE) != 0)
    {
      pthread_mutex_unlock (&mem_lock);
      emul_trace ("%s: no room for %zu bytes in %s memory", api, size,
		  a->name);
      return HSA_STATUS_ERROR_OUT_OF_RESOURCES;
    }
  if (a->nblocks == a->cap)
    {
      size_t cap = a->cap ? 2 * a->cap : 64;
      struct emul_block *nb = realloc (a->blocks, cap * sizeof *nb);
      if (nb == NULL)
	{
	  mprotect ((void *) at, mapped, PROT_NONE);
	  pthread_mutex_unlock (&mem_lock);
	  return HSA_STATUS_ERROR_OUT_OF_RESOURCES;
	}
      a->blocks = nb;
      a->cap = cap;
    }
  for (i = a->nblocks; i > 0 && a->blocks[i - 1].start > at; i--)
    a->blocks[i] = a->blocks[i - 1];
  b = &a->blocks[i];
  b->start = at;
  b->size = size;
  b->mapped = mapped;
  b->region = r;
  a->nblocks++;
  a->cursor = at + mapped + EMUL_PAGE;
  pthread_mutex_unlock (&mem_lock);

  if (emul_cfg.poison)
    memset ((void *) at, 0xa5, mapped);
  *ptr = (void *) at;
  emul_trace ("%s: %zu bytes of %s memory at %p", api, size, a->name,
	      (void *) at);
  return HSA_STATUS_SUCCESS;
}

hsa_status_t
emul_mem_free (void *ptr, const char *api)
{
  uintptr_t p = (uintptr_t) ptr;
  struct emul_arena *a;
  long i;
  unsigned k;

  if (ptr == NULL)
    return HSA_STATUS_SUCCESS;
  pthread_mutex_lock (&mem_lock);
  a = arena_of (p);
  i = a != NULL ? block_of (a, p) : -1;
  if (i < 0 || a->blocks[i].start != p)
    {
      const char *why = "was not allocated by the HSA runtime";
      if (i >= 0)
	why = "is inside an allocation, not at its start";
      else if (a != NULL)
	for (k = 0; k < FREED_KEPT; k++)
	  if (a->freed[k].start == p && a->freed[k].size != 0)
	    why = "was freed already (double free)";
      pthread_mutex_unlock (&mem_lock);
      emul_report ("%s: %p %s", api, ptr, why);
      return HSA_STATUS_ERROR_INVALID_ARGUMENT;
    }
  madvise (ptr, a->blocks[i].mapped, MADV_DONTNEED);
  mprotect (ptr, a->blocks[i].mapped, PROT_NONE);
  a->freed[a->freed_next].start = p;
  a->freed[a->freed_next].size = a->blocks[i].size;
  a->freed_next = (a->freed_next + 1) % FREED_KEPT;
  memmove (&a->blocks[i], &a->blocks[i + 1],
	   (a->nblocks - (size_t) i - 1) * sizeof *a->blocks);
  a->nblocks--;
  pthread_mutex_unlock (&mem_lock);
  emul_trace ("%s: %p", api, ptr);
  return HSA_STATUS_SUCCESS;
}

bool
emul_mem_in_arena (const void *p)
{
  bool in;

  pthread_mutex_lock (&mem_lock);
  in = arena_of ((uintptr_t) p) != NULL;
  pthread_mutex_unlock (&mem_lock);
  return in;
}

bool
emul_mem_lookup (const void *p, uintptr_t *start, size_t *size,
		 struct emul_region **region)
{
  struct emul_arena *a;
  long i;
  bool found = false;

  pthread_mutex_lock (&mem_lock);
  a = arena_of ((uintptr_t) p);
  i = a != NULL ? block_of (a, (uintptr_t) p) : -1;
  if (i >= 0 && (uintptr_t) p < a->blocks[i].start + a->blocks[i].size)
    {
      *start = a->blocks[i].start;
      *size = a->blocks[i].size;
      if (region != NULL)
	*region = a->blocks[i].region;
      found = true;
    }
  pthread_mutex_unlock (&mem_lock);
  return found;
}

bool
emul_mem_check (const void *ptr, size_t n, const char *what, const char *api)
{
  uintptr_t p = (uintptr_t) ptr;
  struct emul_arena *a;
  long i;
  int k;
  unsigned f;
  char why[160];

  if (n == 0)
    return true;
  pthread_mutex_lock (&mem_lock);
  a = arena_of (p);
  if (a == NULL)
    {
      /* Host memory, unless the range runs into an arena.  */
      for (k = 0; k < narenas; k++)
	if (p < arenas[k]->base && p + n > arenas[k]->base)
	  break;
      pthread_mutex_unlock (&mem_lock);
      if (k == narenas)
	return true;
      emul_report ("%s: %s [%p, +%zu) runs from host memory into the "
		   "emulated device memory", api, what, ptr, n);
      return false;
    }
  i = block_of (a, p);
  if (i >= 0 && p < a->blocks[i].start + a->blocks[i].size
      && n <= a->blocks[i].start + a->blocks[i].size - p)
    {
      pthread_mutex_unlock (&mem_lock);
      return true;
    }
  if (i >= 0 && p < a->blocks[i].start + a->blocks[i].size)
    snprintf (why, sizeof why, "runs past the end of its allocation "
	      "[%p, +%zu)", (void *) a->blocks[i].start, a->blocks[i].size);
  else
    {
      snprintf (why, sizeof why, "is not in a live allocation");
      for (f = 0; f < FREED_KEPT; f++)
	if (a->freed[f].size != 0 && p >= a->freed[f].start
	    && p - a->freed[f].start < a->freed[f].size)
	  snprintf (why, sizeof why, "is in freed memory (allocation "
		    "[%p, +%zu) was freed)", (void *) a->freed[f].start,
		    a->freed[f].size);
    }
  pthread_mutex_unlock (&mem_lock);
  emul_report ("%s: %s [%p, +%zu) in %s memory %s", api, what, ptr, n,
	       a->name, why);
  return false;
}

hsa_status_t
hsa_memory_allocate (hsa_region_t region, size_t size, void **ptr)
{
  struct emul_region *r;

  EMUL_ENTER (hsa_memory_allocate);
  EMUL_CHECK_INIT ();
  r = emul_region_get (region.handle);
  if (r == NULL)
    return HSA_STATUS_ERROR_INVALID_REGION;
  return emul_mem_allocate (r, size, ptr, "hsa_memory_allocate");
}

hsa_status_t
hsa_memory_free (void *ptr)
{
  EMUL_ENTER (hsa_memory_free);
  EMUL_CHECK_INIT ();
  return emul_mem_free (ptr, "hsa_memory_free");
}

hsa_status_t
hsa_memory_copy (void *dst, const void *src, size_t size)
{
  EMUL_ENTER (hsa_memory_copy);
  EMUL_CHECK_INIT ();
  if (dst == NULL || src == NULL)
    return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  if (!emul_mem_check (dst, size, "destination", "hsa_memory_copy")
      || !emul_mem_check (src, size, "source", "hsa_memory_copy"))
    return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  if (emul_fault (EMUL_FAULT_COPY))
    return HSA_STATUS_ERROR;
  memmove (dst, src, size);
  return HSA_STATUS_SUCCESS;
}

hsa_status_t
hsa_memory_assign_agent (void *ptr, hsa_agent_t agent,
			 hsa_access_permission_t access)
{
  uintptr_t start;
  size_t size;

  EMUL_ENTER (hsa_memory_assign_agent);
  EMUL_CHECK_INIT ();
  if (emul_agent_get (agent) == NULL)
    return HSA_STATUS_ERROR_INVALID_AGENT;
  if (access != HSA_ACCESS_PERMISSION_RO && access != HSA_ACCESS_PERMISSION_WO
      && access != HSA_ACCESS_PERMISSION_RW)
    return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  if (ptr == NULL || !emul_mem_lookup (ptr, &start, &size, NULL))
    {
      emul_report ("hsa_memory_assign_agent: %p is not in a live allocation",
		   ptr);
      return HSA_STATUS_ERROR_INVALID_ARGUMENT;
    }
  return HSA_STATUS_SUCCESS;
}

hsa_status_t
hsa_amd_memory_pool_allocate (hsa_amd_memory_pool_t memory_pool, size_t size,
			      uint32_t flags, void **ptr)
{
  struct emul_region *r;

  EMUL_ENTER (hsa_amd_memory_pool_allocate);
  EMUL_CHECK_INIT ();
  (void) flags;
  r = emul_region_get (memory_pool.handle);
  if (r == NULL)
    return (hsa_status_t) HSA_STATUS_ERROR_INVALID_MEMORY_POOL;
  return emul_mem_allocate (r, size, ptr, "hsa_amd_memory_pool_allocate");
}

hsa_status_t
hsa_amd_memory_pool_free (void *ptr)
{
  EMUL_ENTER (hsa_amd_memory_pool_free);
  EMUL_CHECK_INIT ();
  return emul_mem_free (ptr, "hsa_amd_memory_pool_free");
}

hsa_status_t
hsa_amd_agents_allow_access (uint32_t num_agents, const hsa_agent_t *agents,
			     const uint32_t *flags, const void *ptr)
{
  uintptr_t start;
  size_t size;
  uint32_t i;

  EMUL_ENTER (hsa_amd_agents_allow_access);
  EMUL_CHECK_INIT ();
  (void) flags;
  if (num_agents == 0 || agents == NULL || ptr == NULL)
    return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  for (i = 0; i < num_agents; i++)
    if (emul_agent_get (agents[i]) == NULL)
      return HSA_STATUS_ERROR_INVALID_AGENT;
  if (!emul_mem_lookup (ptr, &start, &size, NULL))
    {
      emul_report ("hsa_amd_agents_allow_access: %p is not in a live "
		   "allocation", ptr);
      return HSA_STATUS_ERROR_INVALID_ARGUMENT;
    }
  return HSA_STATUS_SUCCESS;
}

/* Pinned host memory: the agents use the host address itself.  */

struct locked
{
  void *ptr;
  size_t size;
  unsigned count;
  struct locked *next;
};

static struct locked *locked_list;

hsa_status_t
hsa_amd_memory_lock (void *host_ptr, size_t size, hsa_agent_t *agents,
		     int num_agent, void **agent_ptr)
{
  struct locked *l;
  int i;

  EMUL_ENTER (hsa_amd_memory_lock);
  EMUL_CHECK_INIT ();
  if (host_ptr == NULL || size == 0 || agent_ptr == NULL || num_agent < 0
      || (num_agent > 0 && agents == NULL))
    return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  for (i = 0; i < num_agent; i++)
    if (emul_agent_get (agents[i]) == NULL)
      return HSA_STATUS_ERROR_INVALID_AGENT;
  if (emul_mem_in_arena (host_ptr))
    {
      emul_report ("hsa_amd_memory_lock: %p is HSA-allocated memory, not host "
		   "memory", host_ptr);
      return HSA_STATUS_ERROR_INVALID_ARGUMENT;
    }
  pthread_mutex_lock (&mem_lock);
  for (l = locked_list; l != NULL; l = l->next)
    if (l->ptr == host_ptr)
      break;
  if (l == NULL)
    {
      l = calloc (1, sizeof *l);
      if (l == NULL)
	{
	  pthread_mutex_unlock (&mem_lock);
	  return HSA_STATUS_ERROR_OUT_OF_RESOURCES;
	}
      l->ptr = host_ptr;
      l->next = locked_list;
      locked_list = l;
    }
  if (size > l->size)
    l->size = size;
  l->count++;
  pthread_mutex_unlock (&mem_lock);
  *agent_ptr = host_ptr;
  return HSA_STATUS_SUCCESS;
}

hsa_status_t
hsa_amd_memory_unlock (void *host_ptr)
{
  struct locked **lp, *l;

  EMUL_ENTER (hsa_amd_memory_unlock);
  EMUL_CHECK_INIT ();
  pthread_mutex_lock (&mem_lock);
  for (lp = &locked_list; (l = *lp) != NULL; lp = &l->next)
    if (l->ptr == host_ptr)
      break;
  if (l == NULL)
    {
      pthread_mutex_unlock (&mem_lock);
      emul_report ("hsa_amd_memory_unlock: %p was not locked", host_ptr);
      return HSA_STATUS_ERROR_INVALID_ARGUMENT;
    }
  if (--l->count == 0)
    {
      *lp = l->next;
      free (l);
    }
  pthread_mutex_unlock (&mem_lock);
  return HSA_STATUS_SUCCESS;
}

/* Asynchronous copies: a thread per copy waits for the dependences, copies
   and decrements the completion signal.  */

struct copy_job
{
  struct emul_signal **deps;
  uint32_t ndeps;
  struct emul_signal *completion;
  /* A 3-D copy: RANGE_Z layers of RANGE_Y rows of ROW bytes.  */
  char *dst, *src;
  size_t row, rows, layers;
  size_t dst_pitch, dst_slice, src_pitch, src_slice;
};

static void *
copy_main (void *arg)
{
  struct copy_job *j = arg;
  size_t y, z;
  uint32_t i;

  for (i = 0; i < j->ndeps; i++)
    emul_signal_wait (j->deps[i], HSA_SIGNAL_CONDITION_EQ, 0, UINT64_MAX,
		      false);
  for (z = 0; z < j->layers; z++)
    for (y = 0; y < j->rows; y++)
      memmove (j->dst + z * j->dst_slice + y * j->dst_pitch,
	       j->src + z * j->src_slice + y * j->src_pitch, j->row);
  emul_signal_add (j->completion, -1);
  free (j->deps);
  free (j);
  return NULL;
}

static hsa_status_t
start_copy (struct copy_job *j, uint32_t num_dep_signals,
	    const hsa_signal_t *dep_signals, hsa_signal_t completion_signal,
	    const char *api)
{
  pthread_attr_t attr;
  pthread_t t;
  uint32_t i;
  int err;

  j->completion = emul_signal_get (completion_signal, api);
  if (j->completion == NULL)
    {
      free (j);
      return HSA_STATUS_ERROR_INVALID_SIGNAL;
    }
  if (num_dep_signals > 0 && dep_signals == NULL)
    {
      free (j);
      return HSA_STATUS_ERROR_INVALID_ARGUMENT;
    }
  j->deps = calloc (num_dep_signals + 1, sizeof *j->deps);
  if (j->deps == NULL)
    {
      free (j);
      return HSA_STATUS_ERROR_OUT_OF_RESOURCES;
    }
  for (i = 0; i < num_dep_signals; i++)
    if ((j->deps[i] = emul_signal_get (dep_signals[i], api)) == NULL)
      {
	free (j->deps);
	free (j);
	return HSA_STATUS_ERROR_INVALID_SIGNAL;
      }
  j->ndeps = num_dep_signals;
  if (emul_fault (EMUL_FAULT_COPY))
    {
      free (j->deps);
      free (j);
      return HSA_STATUS_ERROR;
    }
  pthread_attr_init (&attr);
  pthread_attr_setdetachstate (&attr, PTHREAD_CREATE_DETACHED);
  err = pthread_create (&t, &attr, copy_main, j);
  pthread_attr_destroy (&attr);
  if (err != 0)
    {
      free (j->deps);
      free (j);
      return HSA_STATUS_ERROR_OUT_OF_RESOURCES;
    }
  return HSA_STATUS_SUCCESS;
}

hsa_status_t
hsa_amd_memory_async_copy (void *dst, hsa_agent_t dst_agent, const void *src,
			   hsa_agent_t src_agent, size_t size,
			   uint32_t num_dep_signals,
			   const hsa_signal_t *dep_signals,
			   hsa_signal_t completion_signal)
{
  static const char api[] = "hsa_amd_memory_async_copy";
  struct copy_job *j;

  EMUL_ENTER (hsa_amd_memory_async_copy);
  EMUL_CHECK_INIT ();
  if (emul_agent_get (dst_agent) == NULL || emul_agent_get (src_agent) == NULL)
    return HSA_STATUS_ERROR_INVALID_AGENT;
  if (dst == NULL || src == NULL)
    return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  if (!emul_mem_check (dst, size, "destination", api)
      || !emul_mem_check (src, size, "source", api))
    return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  j = calloc (1, sizeof *j);
  if (j == NULL)
    return HSA_STATUS_ERROR_OUT_OF_RESOURCES;
  j->dst = dst;
  j->src = (char *) src;
  j->row = size;
  j->rows = j->layers = 1;
  return start_copy (j, num_dep_signals, dep_signals, completion_signal, api);
}

hsa_status_t
hsa_amd_memory_async_copy_rect (const hsa_pitched_ptr_t *dst,
				const hsa_dim3_t *dst_offset,
				const hsa_pitched_ptr_t *src,
				const hsa_dim3_t *src_offset,
				const hsa_dim3_t *range,
				hsa_agent_t copy_agent,
				hsa_amd_copy_direction_t dir,
				uint32_t num_dep_signals,
				const hsa_signal_t *dep_signals,
				hsa_signal_t completion_signal)
{
  static const char api[] = "hsa_amd_memory_async_copy_rect";
  struct emul_agent *a;
  struct copy_job *j;
  size_t y, z;

  EMUL_ENTER (hsa_amd_memory_async_copy_rect);
  EMUL_CHECK_INIT ();
  a = emul_agent_get (copy_agent);
  if (a == NULL || !a->gpu)
    return HSA_STATUS_ERROR_INVALID_AGENT;
  if (dst == NULL || dst_offset == NULL || src == NULL || src_offset == NULL
      || range == NULL || dst->base == NULL || src->base == NULL
      || (int) dir < hsaHostToHost || (int) dir > hsaDeviceToDevice)
    return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  if ((size_t) dst_offset->x + range->x > dst->pitch
      || (size_t) src_offset->x + range->x > src->pitch
      || (range->z > 1
	  && ((size_t) dst_offset->y + range->y) * dst->pitch > dst->slice)
      || (range->z > 1
	  && ((size_t) src_offset->y + range->y) * src->pitch > src->slice))
    {
      emul_report ("%s: the range does not fit the pitches", api);
      return HSA_STATUS_ERROR_INVALID_ARGUMENT;
    }
  j = calloc (1, sizeof *j);
  if (j == NULL)
    return HSA_STATUS_ERROR_OUT_OF_RESOURCES;
  j->dst = (char *) dst->base + (size_t) dst_offset->z * dst->slice
	   + (size_t) dst_offset->y * dst->pitch + dst_offset->x;
  j->src = (char *) src->base + (size_t) src_offset->z * src->slice
	   + (size_t) src_offset->y * src->pitch + src_offset->x;
  j->row = range->x;
  j->rows = range->y;
  j->layers = range->z;
  j->dst_pitch = dst->pitch;
  j->dst_slice = dst->slice;
  j->src_pitch = src->pitch;
  j->src_slice = src->slice;
  for (z = 0; z < j->layers; z++)
    for (y = 0; y < j->rows; y++)
      if (!emul_mem_check (j->dst + z * j->dst_slice + y * j->dst_pitch,
			   j->row, "destination row", api)
	  || !emul_mem_check (j->src + z * j->src_slice + y * j->src_pitch,
			      j->row, "source row", api))
	{
	  free (j);
	  return HSA_STATUS_ERROR_INVALID_ARGUMENT;
	}
  return start_copy (j, num_dep_signals, dep_signals, completion_signal, api);
}
