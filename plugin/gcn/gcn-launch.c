/* gcn-launch.c -- preparing a GCN kernel launch: the geometry (teams x
   64 lanes x threads), the LDS, the kernel argument block of the image's
   GCC version (config/gcn/kernarg.h) with the address array after it, and
   the stack and team-arena memory, which later launches reuse.

   Geometry, as GCC's plugin chooses it: grid x = teams (the region's
   num_teams, else the number of compute units; GCC 14 images: at most
   twice that), y = 64 lanes, z = threads per team (thread_limit, else
   16, 4 on gfx900; at most 16, and fewer if the kernel's VGPRs do not
   allow them); work-group (1, 64, z).  GCN_NUM_TEAMS and GCN_NUM_THREADS
   override x and z of every kernel but _init_array/_fini_array, which
   run as one team of one thread.

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

#include "plugin-gcn.h"

#include <stdlib.h>
#include <string.h>

/* Where the address array starts in a kernarg block: after the bigger
   of the two layouts, 16-byte aligned.  */
#define VARS_OFFSET \
  ((sizeof (struct gcn_kernargs_gcc14) + 15) & ~(size_t) 15)

/* Address arrays of up to this many variables fit in every block.  */
#define MIN_VARS 64

/* GCC 12 kernels find their team arena at arena_ptr + 64 KiB x team.  */
#define GCC12_TEAM_ARENA_SIZE (64 * 1024)

/* LDS: 64 KiB per compute unit; GCC 14's device runtime keeps its data at
   the bottom of it, up to offset 48.  */
#define LDS_SIZE 65536
#define LDS_MIN 48

static void
geometry (const struct gcn_device *dev, const struct gcn_kernel *k,
	  int32_t num_teams, int32_t thread_limit, uint32_t *teams_out,
	  uint32_t *threads_out)
{
  uint32_t teams, threads;

  if (k->init_fini)
    {
      *teams_out = *threads_out = 1;
      return;
    }
  teams = num_teams > 0 ? (uint32_t) num_teams : dev->cu_count;
  /* GCC 14's plugin launches at most two teams per compute unit; its
     device runtime runs the region's teams on those.  */
  if (k->image->abi == GCN_ABI_GCC14 && teams > 2 * dev->cu_count)
    teams = 2 * dev->cu_count;
  if (thread_limit > 0)
    threads = (uint32_t) thread_limit;
  else
    /* GCC's "VEGA BUG WORKAROUND": 4 threads by default on gfx900.  */
    threads = dev->mach == 0x2c && gcn_settings.num_threads == 0 ? 4 : 16;
  if (gcn_settings.num_teams > 0)
    teams = gcn_settings.num_teams;
  if (gcn_settings.num_threads > 0)
    threads = gcn_settings.num_threads;
  if (threads > GCN_MAX_THREADS_PER_TEAM)
    threads = GCN_MAX_THREADS_PER_TEAM;
  if (k->vgprs > 0)
    {
      /* The waves of a work-group share the SIMDs' VGPRs.  */
      uint32_t max = (uint32_t) (gcn_isa_max_vgprs (dev->mach)
				 / ((k->vgprs + 3) & ~3)) * 4;
      if (max >= 1 && threads > max)
	threads = max;
    }
  *teams_out = teams ? teams : 1;
  *threads_out = threads ? threads : 1;
}

/* The LDS (group segment) of a launch of K with TEAMS teams.  */
static uint32_t
group_size (const struct gcn_device *dev, const struct gcn_kernel *k,
	    uint32_t teams)
{
  uint32_t size;

  if (k->image->abi == GCN_ABI_GCC12)
    /* GCC 12's device runtime has no low-latency pool.  */
    return k->group_size;
  if (gcn_settings.lowlat_pool < 0)
    {
      /* Share a compute unit's LDS between the teams it runs.  */
      uint32_t per_cu = teams / dev->cu_count;
      size = per_cu ? LDS_SIZE / per_cu : LDS_SIZE;
    }
  else if (gcn_settings.lowlat_pool < LDS_MIN)
    size = LDS_MIN;
  else if (gcn_settings.lowlat_pool > LDS_SIZE)
    size = LDS_SIZE;
  else
    size = (uint32_t) gcn_settings.lowlat_pool;
  return size > k->group_size ? size : k->group_size;
}

/* A kernarg block with room for NVARS addresses.  */
static struct gcn_kernargs *
get_kernargs (struct gcn_device *dev, size_t nvars)
{
  struct gcn_kernargs **p, *ka;
  size_t cap = MIN_VARS;
  hsa_status_t s;

  pthread_mutex_lock (&dev->lock);
  for (p = &dev->free_kernargs; *p != NULL; p = &(*p)->next)
    if ((*p)->cap >= nvars)
      {
	ka = *p;
	*p = ka->next;
	pthread_mutex_unlock (&dev->lock);
	return ka;
      }
  pthread_mutex_unlock (&dev->lock);

  while (cap < nvars)
    cap *= 2;
  ka = malloc (sizeof *ka);
  if (ka == NULL)
    {
      gt_plugin_error ("out of host memory launching a kernel");
      return NULL;
    }
  ka->cap = cap;
  s = gcn_hsa.hsa_memory_allocate (dev->kernarg_region,
				   VARS_OFFSET + cap * sizeof (void *),
				   &ka->block);
  if (s != HSA_STATUS_SUCCESS)
    {
      gcn_error (s, "device %d: allocating %zu bytes of kernel arguments",
		 (int) dev->core.number, VARS_OFFSET + cap * sizeof (void *));
      free (ka);
      return NULL;
    }
  return ka;
}

static void
put_kernargs (struct gcn_device *dev, struct gcn_kernargs *ka)
{
  pthread_mutex_lock (&dev->lock);
  ka->next = dev->free_kernargs;
  dev->free_kernargs = ka;
  pthread_mutex_unlock (&dev->lock);
}

/* Stack and arena memory of SIZE bytes: an idle block big enough, else a
   new one (idle smaller ones are freed first).  */
static struct gcn_ephemeral *
get_ephemeral (struct gcn_device *dev, size_t size)
{
  struct gcn_ephemeral **p, *e;
  hsa_status_t s;
  void *addr = NULL;

  pthread_mutex_lock (&dev->lock);
  for (e = dev->ephemerals; e != NULL; e = e->next)
    if (!e->in_use && e->size >= size)
      {
	e->in_use = true;
	pthread_mutex_unlock (&dev->lock);
	return e;
      }
  for (p = &dev->ephemerals; (e = *p) != NULL; )
    if (!e->in_use)
      {
	*p = e->next;
	gcn_hsa.hsa_memory_free (e->addr);
	free (e);
      }
    else
      p = &e->next;
  pthread_mutex_unlock (&dev->lock);

  e = malloc (sizeof *e);
  if (e == NULL)
    {
      gt_plugin_error ("out of host memory launching a kernel");
      return NULL;
    }
  s = gcn_hsa.hsa_memory_allocate (dev->data_region, size, &addr);
  if (s != HSA_STATUS_SUCCESS)
    {
      /* Memory the pool keeps for reuse may be what is missing.  */
      gtc_pool_flush (&dev->core);
      s = gcn_hsa.hsa_memory_allocate (dev->data_region, size, &addr);
    }
  if (s == HSA_STATUS_SUCCESS)
    s = gcn_hsa.hsa_memory_assign_agent (addr, dev->agent,
					 HSA_ACCESS_PERMISSION_RW);
  if (s != HSA_STATUS_SUCCESS)
    {
      gcn_error (s, "device %d: cannot allocate %zu bytes for the stacks "
		 "and team arenas of a kernel (GCN_STACK_SIZE, "
		 "GCN_TEAM_ARENA_SIZE)", (int) dev->core.number, size);
      if (addr != NULL)
	gcn_hsa.hsa_memory_free (addr);
      free (e);
      return NULL;
    }
  gt_plugin_debug ("device %d: %zu bytes of stack and arena memory at %p",
		   (int) dev->core.number, size, addr);
  e->addr = addr;
  e->size = size;
  e->in_use = true;
  pthread_mutex_lock (&dev->lock);
  e->next = dev->ephemerals;
  dev->ephemerals = e;
  pthread_mutex_unlock (&dev->lock);
  return e;
}

int
gcn_launch_prepare (struct gcn_device *dev, struct gcn_kernel *k,
		    void **vars, int32_t nvars, int32_t num_teams,
		    int32_t thread_limit, struct gcn_launch *l,
		    hsa_kernel_dispatch_packet_t *pkt)
{
  const struct gcn_settings *set = &gcn_settings;
  uint32_t teams, threads, arena_size = 0, stack_size = 0;
  size_t eph_size;
  char *block, *array;
  uint64_t eph = 0;

  memset (l, 0, sizeof *l);
  l->kernel = k;
  geometry (dev, k, num_teams, thread_limit, &teams, &threads);
  l->teams = teams;
  l->threads = threads;
  l->group_size = group_size (dev, k, teams);
  if (!k->init_fini)
    arena_size = k->image->abi == GCN_ABI_GCC14 ? set->team_arena_size
						: GCC12_TEAM_ARENA_SIZE;
  if (k->image->abi == GCN_ABI_GCC14)
    stack_size = set->stack_size;
  eph_size = (size_t) arena_size * teams
	     + (size_t) stack_size * teams * threads;

  l->kernargs = get_kernargs (dev, nvars > 0 ? (size_t) nvars : 0);
  if (l->kernargs == NULL)
    return GT_RTL_FAIL;
  if (eph_size > 0)
    {
      l->ephemeral = get_ephemeral (dev, eph_size);
      if (l->ephemeral == NULL)
	{
	  put_kernargs (dev, l->kernargs);
	  l->kernargs = NULL;
	  return GT_RTL_FAIL;
	}
      eph = (uint64_t) (uintptr_t) l->ephemeral->addr;
    }

  block = l->kernargs->block;
  array = block + VARS_OFFSET;
  if (nvars > 0)
    memcpy (array, vars, (size_t) nvars * sizeof (void *));
  if (k->image->abi == GCN_ABI_GCC14)
    {
      struct gcn_kernargs_gcc14 *a = (struct gcn_kernargs_gcc14 *) block;
      a->vars = k->init_fini ? 0 : (int64_t) (uintptr_t) array;
      a->unused = 0;
      a->out_ptr = (int64_t) (uintptr_t) &a->output_data;
      a->heap_ptr = (int64_t) (uintptr_t) k->image->heap;
      a->arena_ptr = arena_size ? (int64_t) eph : 0;
      a->stack_ptr = (int64_t) (eph + (uint64_t) arena_size * teams);
      a->arena_size_per_team = arena_size;
      a->stack_size_per_thread = stack_size;
      l->out = &a->output_data;
    }
  else
    {
      struct gcn_kernargs_gcc12 *a = (struct gcn_kernargs_gcc12 *) block;
      a->vars = k->init_fini ? 0 : (int64_t) (uintptr_t) array;
      a->unused = 0;
      a->out_ptr = (int64_t) (uintptr_t) &a->output_data;
      a->heap_ptr = (int64_t) (uintptr_t) k->image->heap;
      a->arena_ptr = arena_size ? (int64_t) eph : 0;
      l->out = &a->output_data;
    }
  gcn_console_init (l->out);

  memset ((char *) pkt + 4, 0, sizeof *pkt - 4);
  pkt->setup = 3 << HSA_KERNEL_DISPATCH_PACKET_SETUP_DIMENSIONS;
  pkt->workgroup_size_x = 1;
  pkt->workgroup_size_y = GCN_LANES;
  pkt->workgroup_size_z = (uint16_t) threads;
  pkt->grid_size_x = teams;
  pkt->grid_size_y = GCN_LANES;
  pkt->grid_size_z = threads;
  pkt->private_segment_size = k->private_size;
  pkt->group_segment_size = l->group_size;
  pkt->kernel_object = k->object;
  pkt->kernarg_address = block;
  gt_plugin_debug ("device %d: launching %s: %u team(s) x %u thread(s), "
		   "LDS %u, kernel arguments at %p", (int) dev->core.number,
		   k->name, teams, threads, l->group_size, (void *) block);
  return 0;
}

void
gcn_launch_release (struct gcn_device *dev, struct gcn_launch *l)
{
  if (l->kernargs != NULL)
    put_kernargs (dev, l->kernargs);
  if (l->ephemeral != NULL)
    {
      pthread_mutex_lock (&dev->lock);
      l->ephemeral->in_use = false;
      pthread_mutex_unlock (&dev->lock);
    }
  l->kernargs = NULL;
  l->ephemeral = NULL;
}

void
gcn_launch_fini (struct gcn_device *dev)
{
  struct gcn_kernargs *ka;
  struct gcn_ephemeral *e;

  while ((ka = dev->free_kernargs) != NULL)
    {
      dev->free_kernargs = ka->next;
      gcn_hsa.hsa_memory_free (ka->block);
      free (ka);
    }
  while ((e = dev->ephemerals) != NULL)
    {
      dev->ephemerals = e->next;
      gcn_hsa.hsa_memory_free (e->addr);
      free (e);
    }
}
