/* plugin-gcn.c -- the GCN plugin: AMD GPUs through the HSA runtime, on
   the plugin core.  Every GPU agent is a device; its memory is the
   agent's coarse-grained data region, kernel arguments live in its
   kernarg region.  This file describes the plugin to the core, reads the
   environment, and sets devices up and down; the work is done in the
   files listed in plugin-gcn.h.

   Environment (as GCC's GCN plugin reads it; sizes in bytes):
     HSA_RUNTIME_LIB        the HSA runtime to load (default
			    libhsa-runtime64.so.1)
     GCN_HEAP_SIZE          device heap (malloc) of each image, default
			    100 MiB
     GCN_STACK_SIZE         stack of each wave of GCC 13/14 kernels,
			    default 32 KiB
     GCN_TEAM_ARENA_SIZE    team arena of GCC 13/14 OpenMP kernels, default
			    64 KiB (GCC 12 kernels: always 64 KiB)
     GOMP_GCN_LOWLAT_POOL   LDS bytes per team of GCC 13/14 kernels
			    (default: 64 KiB shared by the teams of a
			    compute unit)
     GCN_NUM_TEAMS, GCN_NUM_GANGS      force the number of teams
     GCN_NUM_THREADS, GCN_NUM_WORKERS  force the threads (waves) per team

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

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define GCN_MAX_DEVICES 64

/* AQL queues: this many packets, or the agent's maximum if smaller.  */
#define GCN_QUEUE_PACKETS 4096

struct gcn_settings gcn_settings;

/* What probing found out about each usable agent.  */
struct agent_info
{
  hsa_agent_t agent;
  char name[64];
  uint32_t cu_count;
  uint32_t queue_size;
  hsa_region_t kernarg_region, data_region;
  size_t data_size;
  bool have_kernarg, have_data;
};

static struct agent_info agent_infos[GCN_MAX_DEVICES];

static void
read_settings (void)
{
  struct gcn_settings *s = &gcn_settings;
  long v;

  v = gt_env_number ("GCN_HEAP_SIZE", GCN_DEFAULT_HEAP_SIZE, 1L << 40);
  s->heap_size = v > 0 ? (size_t) v : GCN_DEFAULT_HEAP_SIZE;
  v = gt_env_number ("GCN_STACK_SIZE", GCN_DEFAULT_STACK_SIZE, 1L << 30);
  s->stack_size = v > 0 ? (uint32_t) ((v + 15) & ~15L)
			: GCN_DEFAULT_STACK_SIZE;
  v = gt_env_number ("GCN_TEAM_ARENA_SIZE", GCN_DEFAULT_TEAM_ARENA_SIZE,
		     1L << 30);
  s->team_arena_size = v > 0 ? (uint32_t) ((v + 15) & ~15L)
			     : GCN_DEFAULT_TEAM_ARENA_SIZE;
  s->lowlat_pool = gt_env_number ("GOMP_GCN_LOWLAT_POOL", -1, 1L << 20);
  v = gt_env_number ("GCN_NUM_TEAMS", 0, 1L << 20);
  if (v == 0)
    v = gt_env_number ("GCN_NUM_GANGS", 0, 1L << 20);
  s->num_teams = (uint32_t) v;
  v = gt_env_number ("GCN_NUM_THREADS", 0, 1024);
  if (v == 0)
    v = gt_env_number ("GCN_NUM_WORKERS", 0, 1024);
  s->num_threads = (uint32_t) v;
}

static hsa_status_t
region_cb (hsa_region_t region, void *data)
{
  struct agent_info *a = data;
  hsa_region_segment_t segment;
  uint32_t flags = 0;
  bool alloc = false;
  size_t size = 0;
  hsa_status_t s;

  s = gcn_hsa.hsa_region_get_info (region, HSA_REGION_INFO_SEGMENT,
				   &segment);
  if (s != HSA_STATUS_SUCCESS || segment != HSA_REGION_SEGMENT_GLOBAL)
    return s;
  s = gcn_hsa.hsa_region_get_info (region, HSA_REGION_INFO_GLOBAL_FLAGS,
				   &flags);
  if (s == HSA_STATUS_SUCCESS)
    s = gcn_hsa.hsa_region_get_info (region,
				     HSA_REGION_INFO_RUNTIME_ALLOC_ALLOWED,
				     &alloc);
  if (s == HSA_STATUS_SUCCESS && alloc)
    s = gcn_hsa.hsa_region_get_info (region, HSA_REGION_INFO_SIZE, &size);
  if (s != HSA_STATUS_SUCCESS || !alloc)
    return s;
  if ((flags & HSA_REGION_GLOBAL_FLAG_KERNARG) && !a->have_kernarg)
    {
      a->kernarg_region = region;
      a->have_kernarg = true;
    }
  else if ((flags & HSA_REGION_GLOBAL_FLAG_COARSE_GRAINED)
	   && !(flags & HSA_REGION_GLOBAL_FLAG_KERNARG) && !a->have_data)
    {
      a->data_region = region;
      a->data_size = size;
      a->have_data = true;
    }
  return HSA_STATUS_SUCCESS;
}

/* Fill A for agent AGENT (GPU number I); false (said under GOMP_DEBUG)
   when the plugin cannot use it.  */
static bool
describe_agent (hsa_agent_t agent, int i, struct agent_info *a)
{
  hsa_status_t s;
  uint32_t max_queue = 0;

  memset (a, 0, sizeof *a);
  a->agent = agent;
  s = gcn_hsa.hsa_agent_get_info (agent, HSA_AGENT_INFO_NAME, a->name);
  if (s != HSA_STATUS_SUCCESS)
    {
      gcn_error (s, "GPU %d: reading its name", i);
      return false;
    }
  a->name[sizeof a->name - 1] = '\0';
  if (gcn_hsa.hsa_agent_get_info (agent, (hsa_agent_info_t)
				  HSA_AMD_AGENT_INFO_COMPUTE_UNIT_COUNT,
				  &a->cu_count) != HSA_STATUS_SUCCESS
      || a->cu_count == 0)
    a->cu_count = 64;		/* What older parts have.  */
  if (gcn_hsa.hsa_agent_get_info (agent, HSA_AGENT_INFO_QUEUE_MAX_SIZE,
				  &max_queue) != HSA_STATUS_SUCCESS
      || max_queue == 0)
    max_queue = GCN_QUEUE_PACKETS;
  a->queue_size = max_queue < GCN_QUEUE_PACKETS ? max_queue
						 : GCN_QUEUE_PACKETS;
  s = gcn_hsa.hsa_agent_iterate_regions (agent, region_cb, a);
  if (s != HSA_STATUS_SUCCESS)
    {
      gcn_error (s, "GPU %d (%s): listing its memory regions", i, a->name);
      return false;
    }
  if (!a->have_kernarg || !a->have_data)
    {
      gt_plugin_debug ("GPU %d (%s) has no %s region: not used", i, a->name,
		       a->have_kernarg ? "device memory" : "kernel argument");
      return false;
    }
  gt_plugin_debug ("GPU %d: %s, %u compute units, %zu MiB of memory, "
		   "queues of %u packets", i, a->name, a->cu_count,
		   a->data_size >> 20, a->queue_size);
  if (gcn_isa_mach (a->name) == 0)
    gt_plugin_debug ("GPU %d: ISA %s is not one GCC builds for", i,
		     a->name);
  return true;
}

static int
gcn_probe (void)
{
  hsa_agent_t agents[GCN_MAX_DEVICES];
  int n, i, m = 0;

  n = gcn_hsa_open (agents, GCN_MAX_DEVICES);
  if (n > 0)
    read_settings ();
  for (i = 0; i < n; i++)
    if (describe_agent (agents[i], i, &agent_infos[m]))
      m++;
  return m;
}

static void
gcn_describe_device (struct gtc_device *d, char *buf, size_t size)
{
  const struct agent_info *a = &agent_infos[d->id];
  size_t len = strlen (buf);

  snprintf (buf + len, size - len,
	    "name: %s\n"
	    "ISA: %s\n"
	    "memory: %zu MiB\n"
	    "compute units: %u\n"
	    "queue size: %u packets\n"
	    "vendor library: %s, HSA %u.%u\n", a->name, a->name,
	    a->data_size >> 20, a->cu_count, a->queue_size, gcn_hsa_file,
	    (unsigned) gcn_hsa_major, (unsigned) gcn_hsa_minor);
}

static int
gcn_init_device (struct gtc_device *d)
{
  struct gcn_device *dev = gcn_device_of (d);
  const struct agent_info *a = &agent_infos[d->id];

  dev->agent = a->agent;
  memcpy (dev->name, a->name, sizeof dev->name);
  dev->mach = gcn_isa_mach (a->name);
  dev->cu_count = a->cu_count;
  dev->queue_size = a->queue_size;
  dev->kernarg_region = a->kernarg_region;
  dev->data_region = a->data_region;
  dev->data_size = a->data_size;
  pthread_mutex_init (&dev->lock, NULL);
  pthread_mutex_init (&dev->queues_lock, NULL);
  pthread_mutex_init (&dev->serve_lock, NULL);
  gcn_queues_init (dev);
  dev->service = gcn_queue_make (dev, NULL);
  if (dev->service == NULL)
    return GT_RTL_FAIL;
  gt_plugin_debug ("device %d: GPU %d, %s", (int) d->number, (int) d->id,
		   dev->name);
  return 0;
}

static void
gcn_fini_device (struct gtc_device *d)
{
  struct gcn_device *dev = gcn_device_of (d);

  /* A device ended the program: other threads may still be inside the
     plugin with this device until the process is gone.  */
  if (gtc_is_ending ())
    return;
  gcn_queues_fini (dev);
  if (dev->service != NULL)
    {
      gcn_queue_destroy (dev->service);
      free (dev->service);
      dev->service = NULL;
    }
  gcn_launch_fini (dev);
}

static void *
gcn_mem_alloc (struct gtc_device *d, size_t size)
{
  struct gcn_device *dev = gcn_device_of (d);
  void *p = NULL;
  hsa_status_t s;

  s = gcn_hsa.hsa_memory_allocate (dev->data_region, size, &p);
  if (s != HSA_STATUS_SUCCESS)
    {
      gt_plugin_debug ("device %d: hsa_memory_allocate of %zu bytes: %s",
		       (int) d->number, size, gcn_status (s));
      return NULL;
    }
  return p;
}

static int
gcn_mem_free (struct gtc_device *d, void *ptr)
{
  hsa_status_t s;

  if (ptr == NULL)
    return 0;
  s = gcn_hsa.hsa_memory_free (ptr);
  if (s != HSA_STATUS_SUCCESS)
    {
      gcn_error (s, "device %d: freeing device memory at %p",
		 (int) d->number, ptr);
      return GT_RTL_FAIL;
    }
  return 0;
}

const struct gtc_vendor gtc_vendor = {
  .name = "gcn",
  .target_type = GCN_TARGET_TYPE,
  .caps = 0,
  /* Reverse offload: the console ring's slots of type 4.  */
  .requires_supported = GT_REQUIRES_REVERSE_OFFLOAD,
  .device_size = sizeof (struct gcn_device),
  .queue_size = sizeof (struct gcn_queue),
  .image_size = sizeof (struct gcn_image),
  .hardware_queues = true,
  .probe = gcn_probe,
  .init_device = gcn_init_device,
  .fini_device = gcn_fini_device,
  .image_ok = gcn_image_ok,
  .describe_device = gcn_describe_device,
  .describe_image = gcn_describe_image,
  .load_image = gcn_load_image,
  .find_kernel = gcn_find_kernel,
  .find_variable = gcn_find_variable,
  .find_icvs = gcn_find_icvs,
  .unload_image = gcn_unload_image,
  .rev_fn_table = gcn_rev_fn_table,
  .mem_alloc = gcn_mem_alloc,
  .mem_free = gcn_mem_free,
  .queue_init = gcn_queue_init,
  .queue_fini = gcn_queue_fini,
  .copy = gcn_copy,
  .launch = gcn_launch,
  .issue_wait = gcn_issue_wait,
  .issue_host_call = gcn_issue_host_call,
  .sync = gcn_sync,
  .time_end = gcn_time_end,
  .time_read = gcn_time_read
};
