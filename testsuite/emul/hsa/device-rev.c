/* device-rev.c -- the device side of reverse offload in the emulated HSA
   runtime: an ancestor region reached by the host code of an emulated
   kernel (GOMP_target_ext with device -2, handed over by libgomptarget's
   GOMPTARGET_PLUGIN_run_host_region_ancestor) is sent to the host as
   GCC 13 and later's device runtime sends it: the arrays of the request
   in device memory, a console ring slot of type 4 naming the device-side
   function by its .offload_func_table address, then a spin until the
   host has served it and cleared the slot's written flag.

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

#include <stdlib.h>
#include <string.h>

/* The request's sizes are uint64_t on the device.  */
_Static_assert (sizeof (size_t) == sizeof (uint64_t), "64-bit host");

/* Device memory for the arrays of one request: on the hardware they are
   on the wave's stack (the addresses) and in the image's data (sizes and
   kinds); here host code built them on its own stack and in host data,
   so they are copied into the agent's memory, where the host reads them
   with hsa_memory_copy.  Kept for the next request of the dispatch.  */
struct emul_rev_buf
{
  struct emul_rev_buf *next;
  void *mem;
  size_t size;
};

static struct emul_rev_buf *
buf_get (struct emul_dispatch *d, size_t size)
{
  struct emul_rev_buf *b, **p;
  struct emul_region *r = d->agent->regions[0];
  hsa_status_t s;

  pthread_mutex_lock (&d->rev_lock);
  for (p = &d->rev_free; (b = *p) != NULL; p = &b->next)
    if (b->size >= size)
      {
	*p = b->next;
	break;
      }
  pthread_mutex_unlock (&d->rev_lock);
  if (b != NULL)
    return b;
  b = malloc (sizeof *b);
  if (b == NULL)
    return NULL;
  b->size = size < 64 ? 64 : size;
  s = emul_mem_allocate (r, b->size, &b->mem, "reverse offload");
  if (s != HSA_STATUS_SUCCESS)
    {
      free (b);
      return NULL;
    }
  return b;
}

static void
buf_put (struct emul_dispatch *d, struct emul_rev_buf *b)
{
  pthread_mutex_lock (&d->rev_lock);
  b->next = d->rev_free;
  d->rev_free = b;
  pthread_mutex_unlock (&d->rev_lock);
}

void
emul_rev_release (struct emul_dispatch *d)
{
  struct emul_rev_buf *b;

  while ((b = d->rev_free) != NULL)
    {
      d->rev_free = b->next;
      emul_mem_free (b->mem, "reverse offload");
      free (b);
    }
}

void
emul_ancestor (void *arg, void (*host_fn) (void *), uint64_t mapnum,
	       void **addrs, const size_t *sizes,
	       const unsigned short *kinds)
{
  struct emul_dispatch *d = arg;
  uint64_t w[GCN_REV_WORDS];
  struct emul_rev_buf *b = NULL;

  if (d->out == NULL)
    {
      emul_report ("kernel %s reaches an ancestor region, but its kernarg "
		   "block has no out_ptr: no way to ask the host",
		   d->kernel->name);
      abort ();
    }
  w[GCN_REV_FN] = emul_rev_device_fn (d->kernel, host_fn);
  if (w[GCN_REV_FN] == 0)
    {
      /* The host is told about an address it does not know, as a device
	 with a broken table would.  */
      emul_report ("kernel %s: the ancestor region with host function %p has "
		   "no device-side function in .offload_func_table",
		   d->kernel->name, (void *) host_fn);
      w[GCN_REV_FN] = (uint64_t) (uintptr_t) host_fn;
    }
  w[GCN_REV_MAPNUM] = mapnum;
  w[GCN_REV_ADDRS] = w[GCN_REV_SIZES] = w[GCN_REV_KINDS] = 0;
  if (mapnum > 0)
    {
      size_t n = (size_t) mapnum;
      unsigned char *m;

      b = buf_get (d, n * (2 * sizeof (uint64_t) + sizeof (uint16_t)));
      if (b == NULL)
	{
	  emul_report ("kernel %s: no device memory for a reverse-offload "
		       "request of %zu map(s)", d->kernel->name, n);
	  abort ();
	}
      m = b->mem;
      memcpy (m, addrs, n * sizeof (uint64_t));
      w[GCN_REV_ADDRS] = (uint64_t) (uintptr_t) m;
      m += n * sizeof (uint64_t);
      if (emul_mem_in_arena (sizes))
	w[GCN_REV_SIZES] = (uint64_t) (uintptr_t) sizes;
      else
	{
	  memcpy (m, sizes, n * sizeof (uint64_t));
	  w[GCN_REV_SIZES] = (uint64_t) (uintptr_t) m;
	}
      m += n * sizeof (uint64_t);
      if (emul_mem_in_arena (kinds))
	w[GCN_REV_KINDS] = (uint64_t) (uintptr_t) kinds;
      else
	{
	  memcpy (m, kinds, n * sizeof (uint16_t));
	  w[GCN_REV_KINDS] = (uint64_t) (uintptr_t) m;
	}
    }
  w[GCN_REV_DEVICE_NUM] = (uint64_t) (int64_t) d->device_num;
  emul_trace ("kernel %s: reverse-offload request for device function "
	      "0x%llx, %llu map(s)", d->kernel->name,
	      (unsigned long long) w[GCN_REV_FN], (unsigned long long) mapnum);
  /* Claim a slot (waiting while the ring is full), fill it, release it,
     and spin until the host clears written.  */
  gcn_console_rev_offload (d->out, w);
  if (b != NULL)
    buf_put (d, b);
}
