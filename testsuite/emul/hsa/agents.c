/* agents.c -- the emulated HSA runtime itself: hsa_init/hsa_shut_down,
   status strings, system information, the agents (one CPU agent and the
   configured GPU agents), their regions and the AMD memory pools, which
   are the same objects seen through the AMD extension.

   Every agent sees the system region (fine-grained, kernarg, host
   accessible).  A GPU agent has its own coarse-grained memory (a region
   not accessible to the host: separate memory, reached by copies) and a
   group (LDS) region without runtime allocation.

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
#include <string.h>
#include <time.h>

#define SYSTEM_MEMORY_SIZE ((uint64_t) 1 << 30)
#define GROUP_MEMORY_SIZE 65536u

static pthread_mutex_t init_lock = PTHREAD_MUTEX_INITIALIZER;
static int init_count;

static struct emul_agent agents[1 + EMUL_MAX_GPUS];
static int num_agents;

static struct emul_region system_region, system_coarse_region;
static struct emul_region device_region[EMUL_MAX_GPUS];
static struct emul_region group_region[EMUL_MAX_GPUS];
static struct emul_arena *system_arena;
static struct emul_arena *device_arena[EMUL_MAX_GPUS];

bool
emul_initialized (void)
{
  return __atomic_load_n (&init_count, __ATOMIC_ACQUIRE) > 0;
}

hsa_agent_t
emul_agent_handle (const struct emul_agent *a)
{
  hsa_agent_t h = { (uint64_t) (uintptr_t) a };
  return h;
}

struct emul_agent *
emul_agent_get (hsa_agent_t agent)
{
  int i;

  for (i = 0; i < num_agents; i++)
    if (agent.handle == (uint64_t) (uintptr_t) &agents[i])
      return &agents[i];
  return NULL;
}

struct emul_region *
emul_region_get (uint64_t handle)
{
  int i;

  if (handle == (uint64_t) (uintptr_t) &system_region)
    return &system_region;
  if (handle == (uint64_t) (uintptr_t) &system_coarse_region)
    return &system_coarse_region;
  for (i = 1; i < num_agents; i++)
    {
      if (handle == (uint64_t) (uintptr_t) &device_region[i - 1])
	return &device_region[i - 1];
      if (handle == (uint64_t) (uintptr_t) &group_region[i - 1])
	return &group_region[i - 1];
    }
  return NULL;
}

struct emul_agent *
emul_gpu (int i)
{
  return i >= 0 && i + 1 < num_agents ? &agents[i + 1] : NULL;
}

int
emul_num_gpus (void)
{
  return num_agents > 0 ? num_agents - 1 : 0;
}

/* Build the agents and regions of the configuration; the address ranges
   of device memory are reserved once and kept.  */
void
emul_regions_setup (void)
{
  struct emul_agent *cpu = &agents[0];
  int i;

  if (system_arena == NULL)
    system_arena = emul_arena_create ("system", SYSTEM_MEMORY_SIZE);
  memset (agents, 0, sizeof agents);

  system_region.kind = EMUL_REGION_SYSTEM;
  system_region.arena = system_arena;
  system_region.segment = HSA_REGION_SEGMENT_GLOBAL;
  system_region.global_flags = HSA_REGION_GLOBAL_FLAG_KERNARG
			       | HSA_REGION_GLOBAL_FLAG_FINE_GRAINED;
  system_region.size = SYSTEM_MEMORY_SIZE;
  system_coarse_region = system_region;
  system_coarse_region.kind = EMUL_REGION_SYSTEM_COARSE;
  system_coarse_region.global_flags = HSA_REGION_GLOBAL_FLAG_COARSE_GRAINED;

  cpu->index = 0;
  snprintf (cpu->name, sizeof cpu->name, "Emulated x86_64 CPU");
  cpu->compute_units = 1;
  cpu->regions[cpu->nregions++] = &system_region;
  cpu->regions[cpu->nregions++] = &system_coarse_region;
  cpu->pools[cpu->npools++] = &system_region;
  cpu->pools[cpu->npools++] = &system_coarse_region;

  for (i = 0; i < emul_cfg.num_gpus; i++)
    {
      struct emul_agent *g = &agents[i + 1];
      struct emul_region *d = &device_region[i], *lds = &group_region[i];

      if (device_arena[i] == NULL)
	{
	  char name[16];
	  snprintf (name, sizeof name, "gpu%d", i);
	  device_arena[i] = emul_arena_create (name, emul_cfg.memory_size);
	}
      g->index = i + 1;
      g->gpu = true;
      snprintf (g->name, sizeof g->name, "%s", emul_cfg.gpu[i].isa);
      g->mach = emul_cfg.gpu[i].mach;
      g->compute_units = emul_cfg.gpu[i].compute_units;

      memset (d, 0, sizeof *d);
      d->kind = EMUL_REGION_DEVICE;
      d->owner = g;
      d->arena = device_arena[i];
      d->segment = HSA_REGION_SEGMENT_GLOBAL;
      d->global_flags = HSA_REGION_GLOBAL_FLAG_COARSE_GRAINED;
      d->size = emul_cfg.memory_size;

      memset (lds, 0, sizeof *lds);
      lds->kind = EMUL_REGION_GROUP;
      lds->owner = g;
      lds->segment = HSA_REGION_SEGMENT_GROUP;
      lds->size = GROUP_MEMORY_SIZE;

      g->regions[g->nregions++] = d;
      g->regions[g->nregions++] = &system_region;
      g->regions[g->nregions++] = lds;
      g->pools[g->npools++] = d;
      g->pools[g->npools++] = lds;
    }
  num_agents = 1 + emul_cfg.num_gpus;
}

/* fork () after hsa_init, as ROCr behaves.  Its libhsakmt marks the
   child from a pthread_atfork handler, after which every call into the
   kernel driver fails (CHECK_KFD_OPEN in libhsakmt.h returns
   HSAKMT_STATUS_KERNEL_IO_CHANNEL_NOT_OPENED; openclose.c), and the
   memory the GPU sees in host memory -- queues' rings, signals, kernel
   arguments -- is mapped MADV_DONTFORK (fmm.c), so the child does not
   have it.  ROCr itself keeps its inherited reference count: hsa_init in
   the child only counts (runtime.cpp).  So in the child: hsa_init
   succeeds, allocations, copies, loads and queue and signal creation fail
   as injected faults do (emul_fault), and ringing the doorbell of a
   queue made in the parent is a segmentation fault (signals.c).  */
bool emul_forked_child;

static void
child_after_fork (void)
{
  /* A runtime shut down before the fork is opened afresh in the child
     (libhsakmt's hsaKmtOpenKFD clears what the parent left).  */
  emul_forked_child = init_count > 0;
}

hsa_status_t
hsa_init (void)
{
  hsa_status_t status = HSA_STATUS_SUCCESS;
  int i;

  pthread_mutex_lock (&init_lock);
  if (init_count == 0)
    {
      static bool atfork_done;
      if (!atfork_done)
	{
	  pthread_atfork (NULL, NULL, child_after_fork);
	  atfork_done = true;
	}
      if (!emul_config_read ())
	status = HSA_STATUS_ERROR_INVALID_ARGUMENT;
      else if ((status = EMUL_ENTRY (hsa_init)) != HSA_STATUS_SUCCESS)
	;
      else if (emul_fault (EMUL_FAULT_INIT))
	/* What Debian's ROCr returns without /dev/kfd.  */
	status = HSA_STATUS_ERROR_OUT_OF_RESOURCES;
      else
	{
	  emul_regions_setup ();
	  for (i = 0; i < emul_cfg.num_gpus; i++)
	    emul_trace ("hsa_init: GPU agent %d: %s, %u compute units, "
			"%llu MiB", i, agents[i + 1].name,
			agents[i + 1].compute_units,
			(unsigned long long) (emul_cfg.memory_size >> 20));
	}
    }
  else if ((status = EMUL_ENTRY (hsa_init)) != HSA_STATUS_SUCCESS)
    ;
  else if (init_count == __INT_MAX__)
    status = HSA_STATUS_ERROR_REFCOUNT_OVERFLOW;
  if (status == HSA_STATUS_SUCCESS)
    __atomic_add_fetch (&init_count, 1, __ATOMIC_RELEASE);
  pthread_mutex_unlock (&init_lock);
  return status;
}

hsa_status_t
hsa_shut_down (void)
{
  hsa_status_t status = HSA_STATUS_SUCCESS;

  EMUL_ENTER (hsa_shut_down);
  pthread_mutex_lock (&init_lock);
  if (init_count == 0)
    status = HSA_STATUS_ERROR_NOT_INITIALIZED;
  else if (__atomic_sub_fetch (&init_count, 1, __ATOMIC_RELEASE) == 0)
    emul_queues_shutdown ();
  pthread_mutex_unlock (&init_lock);
  return status;
}

/* Every status the emulated runtime returns, with a description.  */
static const struct
{
  hsa_status_t status;
  const char *text;
} status_strings[] = {
  { HSA_STATUS_SUCCESS, "HSA_STATUS_SUCCESS: The function has been "
    "executed successfully." },
  { HSA_STATUS_INFO_BREAK, "HSA_STATUS_INFO_BREAK: A traversal over a list "
    "of elements has been interrupted by the application." },
  { HSA_STATUS_ERROR, "HSA_STATUS_ERROR: A generic error has occurred." },
  { HSA_STATUS_ERROR_INVALID_ARGUMENT, "HSA_STATUS_ERROR_INVALID_ARGUMENT: "
    "One of the actual arguments does not meet a precondition stated in "
    "the documentation of the corresponding formal argument." },
  { HSA_STATUS_ERROR_INVALID_QUEUE_CREATION,
    "HSA_STATUS_ERROR_INVALID_QUEUE_CREATION: The requested queue cannot "
    "be created." },
  { HSA_STATUS_ERROR_INVALID_ALLOCATION, "HSA_STATUS_ERROR_INVALID_"
    "ALLOCATION: The allocation cannot be made (size or region)." },
  { HSA_STATUS_ERROR_INVALID_AGENT, "HSA_STATUS_ERROR_INVALID_AGENT: The "
    "agent is invalid." },
  { HSA_STATUS_ERROR_INVALID_REGION, "HSA_STATUS_ERROR_INVALID_REGION: The "
    "memory region is invalid." },
  { HSA_STATUS_ERROR_INVALID_SIGNAL, "HSA_STATUS_ERROR_INVALID_SIGNAL: The "
    "signal is invalid." },
  { HSA_STATUS_ERROR_INVALID_QUEUE, "HSA_STATUS_ERROR_INVALID_QUEUE: The "
    "queue is invalid." },
  { HSA_STATUS_ERROR_OUT_OF_RESOURCES, "HSA_STATUS_ERROR_OUT_OF_RESOURCES: "
    "The runtime failed to allocate the necessary resources." },
  { HSA_STATUS_ERROR_INVALID_PACKET_FORMAT, "HSA_STATUS_ERROR_INVALID_"
    "PACKET_FORMAT: The AQL packet is malformed." },
  { HSA_STATUS_ERROR_RESOURCE_FREE, "HSA_STATUS_ERROR_RESOURCE_FREE: An "
    "error has been detected while releasing a resource." },
  { HSA_STATUS_ERROR_NOT_INITIALIZED, "HSA_STATUS_ERROR_NOT_INITIALIZED: "
    "An API other than hsa_init has been invoked while the reference count "
    "of the HSA runtime is zero." },
  { HSA_STATUS_ERROR_REFCOUNT_OVERFLOW, "HSA_STATUS_ERROR_REFCOUNT_"
    "OVERFLOW: The maximum reference count for the object has been "
    "reached." },
  { HSA_STATUS_ERROR_INCOMPATIBLE_ARGUMENTS, "HSA_STATUS_ERROR_"
    "INCOMPATIBLE_ARGUMENTS: The arguments passed to a function are not "
    "compatible." },
  { HSA_STATUS_ERROR_INVALID_INDEX, "HSA_STATUS_ERROR_INVALID_INDEX: The "
    "index is invalid." },
  { HSA_STATUS_ERROR_INVALID_ISA, "HSA_STATUS_ERROR_INVALID_ISA: The "
    "instruction set architecture is invalid (the code object is for "
    "another ISA than the agent's)." },
  { HSA_STATUS_ERROR_INVALID_ISA_NAME, "HSA_STATUS_ERROR_INVALID_ISA_NAME: "
    "The instruction set architecture name is invalid." },
  { HSA_STATUS_ERROR_INVALID_CODE_OBJECT, "HSA_STATUS_ERROR_INVALID_CODE_"
    "OBJECT: The code object is invalid." },
  { HSA_STATUS_ERROR_INVALID_EXECUTABLE, "HSA_STATUS_ERROR_INVALID_"
    "EXECUTABLE: The executable is invalid." },
  { HSA_STATUS_ERROR_FROZEN_EXECUTABLE, "HSA_STATUS_ERROR_FROZEN_"
    "EXECUTABLE: The executable is frozen." },
  { HSA_STATUS_ERROR_INVALID_SYMBOL_NAME, "HSA_STATUS_ERROR_INVALID_SYMBOL_"
    "NAME: There is no symbol with the given name." },
  { HSA_STATUS_ERROR_VARIABLE_ALREADY_DEFINED, "HSA_STATUS_ERROR_VARIABLE_"
    "ALREADY_DEFINED: The variable is already defined." },
  { HSA_STATUS_ERROR_VARIABLE_UNDEFINED, "HSA_STATUS_ERROR_VARIABLE_"
    "UNDEFINED: The variable is undefined." },
  { HSA_STATUS_ERROR_EXCEPTION, "HSA_STATUS_ERROR_EXCEPTION: An HSAIL "
    "operation resulted in a hardware exception." },
  { HSA_STATUS_ERROR_INVALID_CODE_SYMBOL, "HSA_STATUS_ERROR_INVALID_CODE_"
    "SYMBOL: The code object symbol is invalid." },
  { HSA_STATUS_ERROR_INVALID_EXECUTABLE_SYMBOL, "HSA_STATUS_ERROR_INVALID_"
    "EXECUTABLE_SYMBOL: The executable symbol is invalid." },
  { HSA_STATUS_ERROR_INVALID_FILE, "HSA_STATUS_ERROR_INVALID_FILE: The "
    "file descriptor is invalid." },
  { HSA_STATUS_ERROR_INVALID_CODE_OBJECT_READER, "HSA_STATUS_ERROR_INVALID_"
    "CODE_OBJECT_READER: The code object reader is invalid." },
  { HSA_STATUS_ERROR_INVALID_CACHE, "HSA_STATUS_ERROR_INVALID_CACHE: The "
    "cache is invalid." },
  { HSA_STATUS_ERROR_INVALID_WAVEFRONT, "HSA_STATUS_ERROR_INVALID_"
    "WAVEFRONT: The wavefront is invalid." },
  { HSA_STATUS_ERROR_INVALID_SIGNAL_GROUP, "HSA_STATUS_ERROR_INVALID_SIGNAL_"
    "GROUP: The signal group is invalid." },
  { HSA_STATUS_ERROR_INVALID_RUNTIME_STATE, "HSA_STATUS_ERROR_INVALID_"
    "RUNTIME_STATE: The HSA runtime is not in the configuration state." },
  { HSA_STATUS_ERROR_FATAL, "HSA_STATUS_ERROR_FATAL: The queue received an "
    "error that may require process termination." },
  { (hsa_status_t) HSA_STATUS_ERROR_INVALID_MEMORY_POOL,
    "HSA_STATUS_ERROR_INVALID_MEMORY_POOL: The memory pool is invalid." },
  { (hsa_status_t) HSA_STATUS_ERROR_MEMORY_APERTURE_VIOLATION,
    "HSA_STATUS_ERROR_MEMORY_APERTURE_VIOLATION: The agent attempted to "
    "access memory beyond the largest legal address." },
  { (hsa_status_t) HSA_STATUS_ERROR_ILLEGAL_INSTRUCTION,
    "HSA_STATUS_ERROR_ILLEGAL_INSTRUCTION: The agent executed an illegal "
    "shader instruction." },
  { (hsa_status_t) HSA_STATUS_ERROR_MEMORY_FAULT,
    "HSA_STATUS_ERROR_MEMORY_FAULT: The agent attempted to access an "
    "inaccessible address." },
};

const char *
emul_status_text (hsa_status_t status)
{
  size_t i;

  for (i = 0; i < sizeof status_strings / sizeof status_strings[0]; i++)
    if (status_strings[i].status == status)
      return status_strings[i].text;
  return NULL;
}

bool
emul_status_from_name (const char *name, hsa_status_t *status)
{
  size_t i, len = strlen (name);

  for (i = 0; i < sizeof status_strings / sizeof status_strings[0]; i++)
    if (strncmp (status_strings[i].text, name, len) == 0
	&& status_strings[i].text[len] == ':')
      {
	*status = status_strings[i].status;
	return true;
      }
  return false;
}

/* Works without hsa_init, as ROCr's does (a plugin reports why hsa_init
   failed with it).  */
hsa_status_t
hsa_status_string (hsa_status_t status, const char **status_string)
{
  const char *text;

  EMUL_ENTER (hsa_status_string);
  if (status_string == NULL)
    return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  text = emul_status_text (status);
  if (text == NULL)
    return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  *status_string = text;
  return HSA_STATUS_SUCCESS;
}

hsa_status_t
hsa_system_get_info (hsa_system_info_t attribute, void *value)
{
  EMUL_ENTER (hsa_system_get_info);
  EMUL_CHECK_INIT ();
  if (value == NULL)
    return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  switch ((int) attribute)
    {
    case HSA_SYSTEM_INFO_VERSION_MAJOR:
      *(uint16_t *) value = 1;
      break;
    case HSA_SYSTEM_INFO_VERSION_MINOR:
      *(uint16_t *) value = 1;
      break;
    case HSA_SYSTEM_INFO_TIMESTAMP:
      *(uint64_t *) value = emul_device_ns ();
      break;
    case HSA_SYSTEM_INFO_TIMESTAMP_FREQUENCY:
      /* Timeouts of signal waits are in these units: nanoseconds.  */
      *(uint64_t *) value = 1000000000u;
      break;
    case HSA_SYSTEM_INFO_SIGNAL_MAX_WAIT:
      *(uint64_t *) value = UINT64_MAX;
      break;
    case HSA_SYSTEM_INFO_ENDIANNESS:
      *(hsa_endianness_t *) value = HSA_ENDIANNESS_LITTLE;
      break;
    case HSA_SYSTEM_INFO_MACHINE_MODEL:
      *(hsa_machine_model_t *) value = HSA_MACHINE_MODEL_LARGE;
      break;
    case HSA_SYSTEM_INFO_EXTENSIONS:
      memset (value, 0, 128);
      break;
    default:
      return HSA_STATUS_ERROR_INVALID_ARGUMENT;
    }
  return HSA_STATUS_SUCCESS;
}

hsa_status_t
hsa_iterate_agents (hsa_status_t (*callback) (hsa_agent_t agent, void *data),
		    void *data)
{
  int i;

  EMUL_ENTER (hsa_iterate_agents);
  EMUL_CHECK_INIT ();
  if (callback == NULL)
    return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  for (i = 0; i < num_agents; i++)
    {
      hsa_status_t s = callback (emul_agent_handle (&agents[i]), data);
      if (s != HSA_STATUS_SUCCESS)
	return s;
    }
  return HSA_STATUS_SUCCESS;
}

static void
set_string (void *value, const char *s, size_t size)
{
  size_t len = strlen (s);

  if (len > size - 1)
    len = size - 1;
  memset (value, 0, size);
  memcpy (value, s, len);
}

hsa_status_t
hsa_agent_get_info (hsa_agent_t agent, hsa_agent_info_t attribute,
		    void *value)
{
  struct emul_agent *a;
  bool gpu;
  bool wave32;

  EMUL_ENTER (hsa_agent_get_info);
  EMUL_CHECK_INIT ();
  a = emul_agent_get (agent);
  if (a == NULL)
    return HSA_STATUS_ERROR_INVALID_AGENT;
  if (value == NULL)
    return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  gpu = a->gpu;
  /* RDNA parts (gfx10, gfx11) report 32-lane wavefronts.  */
  wave32 = gpu && strncmp (a->name, "gfx1", 4) == 0 && strlen (a->name) > 5;

  switch ((int) attribute)
    {
    case HSA_AGENT_INFO_NAME:
      set_string (value, a->name, 64);
      break;
    case HSA_AGENT_INFO_VENDOR_NAME:
      set_string (value, gpu ? "AMD" : "CPU", 64);
      break;
    case HSA_AGENT_INFO_FEATURE:
      *(hsa_agent_feature_t *) value
	= gpu ? HSA_AGENT_FEATURE_KERNEL_DISPATCH
	      : HSA_AGENT_FEATURE_AGENT_DISPATCH;
      break;
    case HSA_AGENT_INFO_MACHINE_MODEL:
      *(hsa_machine_model_t *) value = HSA_MACHINE_MODEL_LARGE;
      break;
    case HSA_AGENT_INFO_PROFILE:
      *(hsa_profile_t *) value = gpu ? HSA_PROFILE_BASE : HSA_PROFILE_FULL;
      break;
    case HSA_AGENT_INFO_DEFAULT_FLOAT_ROUNDING_MODE:
      *(hsa_default_float_rounding_mode_t *) value
	= HSA_DEFAULT_FLOAT_ROUNDING_MODE_NEAR;
      break;
    case HSA_AGENT_INFO_BASE_PROFILE_DEFAULT_FLOAT_ROUNDING_MODES:
      *(hsa_default_float_rounding_mode_t *) value
	= HSA_DEFAULT_FLOAT_ROUNDING_MODE_NEAR;
      break;
    case HSA_AGENT_INFO_FAST_F16_OPERATION:
      *(bool *) value = gpu;
      break;
    case HSA_AGENT_INFO_WAVEFRONT_SIZE:
      *(uint32_t *) value = gpu ? (wave32 ? 32 : 64) : 0;
      break;
    case HSA_AGENT_INFO_WORKGROUP_MAX_DIM:
      {
	uint16_t *d = value;
	d[0] = d[1] = d[2] = gpu ? 1024 : 0;
      }
      break;
    case HSA_AGENT_INFO_WORKGROUP_MAX_SIZE:
      *(uint32_t *) value = gpu ? 1024 : 0;
      break;
    case HSA_AGENT_INFO_GRID_MAX_DIM:
      {
	hsa_dim3_t *d = value;
	d->x = d->y = d->z = gpu ? UINT32_MAX : 0;
      }
      break;
    case HSA_AGENT_INFO_GRID_MAX_SIZE:
      *(uint32_t *) value = gpu ? UINT32_MAX : 0;
      break;
    case HSA_AGENT_INFO_FBARRIER_MAX_SIZE:
      *(uint32_t *) value = gpu ? 32 : 0;
      break;
    case HSA_AGENT_INFO_QUEUES_MAX:
      *(uint32_t *) value = gpu ? 128 : 0;
      break;
    case HSA_AGENT_INFO_QUEUE_MIN_SIZE:
      *(uint32_t *) value = gpu ? 64 : 0;
      break;
    case HSA_AGENT_INFO_QUEUE_MAX_SIZE:
      *(uint32_t *) value = gpu ? 131072 : 0;
      break;
    case HSA_AGENT_INFO_QUEUE_TYPE:
      *(hsa_queue_type32_t *) value = HSA_QUEUE_TYPE_MULTI;
      break;
    case HSA_AGENT_INFO_NODE:
      *(uint32_t *) value = (uint32_t) a->index;
      break;
    case HSA_AGENT_INFO_DEVICE:
      *(hsa_device_type_t *) value = gpu ? HSA_DEVICE_TYPE_GPU
					 : HSA_DEVICE_TYPE_CPU;
      break;
    case HSA_AGENT_INFO_CACHE_SIZE:
      {
	uint32_t *c = value;
	c[0] = 16384;
	c[1] = gpu ? 4194304 : 1048576;
	c[2] = c[3] = 0;
      }
      break;
    case HSA_AGENT_INFO_ISA:
      ((hsa_isa_t *) value)->handle = a->mach;
      break;
    case HSA_AGENT_INFO_EXTENSIONS:
      memset (value, 0, 128);
      break;
    case HSA_AGENT_INFO_VERSION_MAJOR:
    case HSA_AGENT_INFO_VERSION_MINOR:
      *(uint16_t *) value = 1;
      break;
    case HSA_AMD_AGENT_INFO_CHIP_ID:
      *(uint32_t *) value = gpu ? 0x6600 + a->mach : 0;
      break;
    case HSA_AMD_AGENT_INFO_CACHELINE_SIZE:
      *(uint32_t *) value = 64;
      break;
    case HSA_AMD_AGENT_INFO_COMPUTE_UNIT_COUNT:
      *(uint32_t *) value = a->compute_units;
      break;
    case HSA_AMD_AGENT_INFO_MAX_CLOCK_FREQUENCY:
      *(uint32_t *) value = 1500;
      break;
    case HSA_AMD_AGENT_INFO_DRIVER_NODE_ID:
      *(uint32_t *) value = (uint32_t) a->index;
      break;
    case HSA_AMD_AGENT_INFO_PRODUCT_NAME:
      {
	char buf[64];
	snprintf (buf, sizeof buf, gpu ? "Emulated AMD GPU (%s)" : "%s",
		  a->name);
	set_string (value, buf, 64);
      }
      break;
    case HSA_AMD_AGENT_INFO_MAX_WAVES_PER_CU:
      *(uint32_t *) value = gpu ? (wave32 ? 32 : 40) : 0;
      break;
    case HSA_AMD_AGENT_INFO_NUM_SIMDS_PER_CU:
      *(uint32_t *) value = gpu ? 4 : 0;
      break;
    case HSA_AMD_AGENT_INFO_UUID:
      {
	char buf[21];
	snprintf (buf, sizeof buf, gpu ? "GPU-emul%012d" : "CPU-XX",
		  a->index);
	set_string (value, buf, sizeof buf);
      }
      break;
    default:
      return HSA_STATUS_ERROR_INVALID_ARGUMENT;
    }
  return HSA_STATUS_SUCCESS;
}

hsa_status_t
hsa_agent_iterate_regions (hsa_agent_t agent,
			   hsa_status_t (*callback) (hsa_region_t region,
						     void *data),
			   void *data)
{
  struct emul_agent *a;
  int i;

  EMUL_ENTER (hsa_agent_iterate_regions);
  EMUL_CHECK_INIT ();
  a = emul_agent_get (agent);
  if (a == NULL)
    return HSA_STATUS_ERROR_INVALID_AGENT;
  if (callback == NULL)
    return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  for (i = 0; i < a->nregions; i++)
    {
      hsa_region_t r = { (uint64_t) (uintptr_t) a->regions[i] };
      hsa_status_t s = callback (r, data);
      if (s != HSA_STATUS_SUCCESS)
	return s;
    }
  return HSA_STATUS_SUCCESS;
}

hsa_status_t
hsa_region_get_info (hsa_region_t region, hsa_region_info_t attribute,
		     void *value)
{
  struct emul_region *r;
  bool global;

  EMUL_ENTER (hsa_region_get_info);
  EMUL_CHECK_INIT ();
  r = emul_region_get (region.handle);
  if (r == NULL)
    return HSA_STATUS_ERROR_INVALID_REGION;
  if (value == NULL)
    return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  global = r->segment == HSA_REGION_SEGMENT_GLOBAL;
  switch ((int) attribute)
    {
    case HSA_REGION_INFO_SEGMENT:
      *(hsa_region_segment_t *) value = r->segment;
      break;
    case HSA_REGION_INFO_GLOBAL_FLAGS:
      *(uint32_t *) value = r->global_flags;
      break;
    case HSA_REGION_INFO_SIZE:
    case HSA_REGION_INFO_ALLOC_MAX_SIZE:
      *(size_t *) value = r->size;
      break;
    case HSA_REGION_INFO_RUNTIME_ALLOC_ALLOWED:
      *(bool *) value = global;
      break;
    case HSA_REGION_INFO_RUNTIME_ALLOC_GRANULE:
    case HSA_REGION_INFO_RUNTIME_ALLOC_ALIGNMENT:
      *(size_t *) value = global ? EMUL_PAGE : 0;
      break;
    case HSA_AMD_REGION_INFO_HOST_ACCESSIBLE:
      *(bool *) value = r->kind == EMUL_REGION_SYSTEM
			|| r->kind == EMUL_REGION_SYSTEM_COARSE;
      break;
    case HSA_AMD_REGION_INFO_BASE:
      *(void **) value = NULL;
      break;
    case HSA_AMD_REGION_INFO_BUS_WIDTH:
      *(uint32_t *) value = 64;
      break;
    case HSA_AMD_REGION_INFO_MAX_CLOCK_FREQUENCY:
      *(uint32_t *) value = 1000;
      break;
    default:
      return HSA_STATUS_ERROR_INVALID_ARGUMENT;
    }
  return HSA_STATUS_SUCCESS;
}

/* AMD memory pools: the regions again.  */

hsa_status_t
hsa_amd_agent_iterate_memory_pools (hsa_agent_t agent,
				    hsa_status_t (*callback)
				      (hsa_amd_memory_pool_t pool,
				       void *data),
				    void *data)
{
  struct emul_agent *a;
  int i;

  EMUL_ENTER (hsa_amd_agent_iterate_memory_pools);
  EMUL_CHECK_INIT ();
  a = emul_agent_get (agent);
  if (a == NULL)
    return HSA_STATUS_ERROR_INVALID_AGENT;
  if (callback == NULL)
    return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  for (i = 0; i < a->npools; i++)
    {
      hsa_amd_memory_pool_t p = { (uint64_t) (uintptr_t) a->pools[i] };
      hsa_status_t s = callback (p, data);
      if (s != HSA_STATUS_SUCCESS)
	return s;
    }
  return HSA_STATUS_SUCCESS;
}

hsa_status_t
hsa_amd_memory_pool_get_info (hsa_amd_memory_pool_t memory_pool,
			      hsa_amd_memory_pool_info_t attribute,
			      void *value)
{
  struct emul_region *r;
  bool global;

  EMUL_ENTER (hsa_amd_memory_pool_get_info);
  EMUL_CHECK_INIT ();
  r = emul_region_get (memory_pool.handle);
  if (r == NULL)
    return (hsa_status_t) HSA_STATUS_ERROR_INVALID_MEMORY_POOL;
  if (value == NULL)
    return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  global = r->segment == HSA_REGION_SEGMENT_GLOBAL;
  switch ((int) attribute)
    {
    case HSA_AMD_MEMORY_POOL_INFO_SEGMENT:
      *(hsa_amd_segment_t *) value = global ? HSA_AMD_SEGMENT_GLOBAL
					    : HSA_AMD_SEGMENT_GROUP;
      break;
    case HSA_AMD_MEMORY_POOL_INFO_GLOBAL_FLAGS:
      {
	uint32_t f = 0;
	if (r->global_flags & HSA_REGION_GLOBAL_FLAG_KERNARG)
	  f |= HSA_AMD_MEMORY_POOL_GLOBAL_FLAG_KERNARG_INIT;
	if (r->global_flags & HSA_REGION_GLOBAL_FLAG_FINE_GRAINED)
	  f |= HSA_AMD_MEMORY_POOL_GLOBAL_FLAG_FINE_GRAINED;
	if (r->global_flags & HSA_REGION_GLOBAL_FLAG_COARSE_GRAINED)
	  f |= HSA_AMD_MEMORY_POOL_GLOBAL_FLAG_COARSE_GRAINED;
	*(uint32_t *) value = f;
      }
      break;
    case HSA_AMD_MEMORY_POOL_INFO_SIZE:
    case HSA_AMD_MEMORY_POOL_INFO_ALLOC_MAX_SIZE:
      *(size_t *) value = r->size;
      break;
    case HSA_AMD_MEMORY_POOL_INFO_RUNTIME_ALLOC_ALLOWED:
      *(bool *) value = global;
      break;
    case HSA_AMD_MEMORY_POOL_INFO_RUNTIME_ALLOC_GRANULE:
    case HSA_AMD_MEMORY_POOL_INFO_RUNTIME_ALLOC_ALIGNMENT:
      *(size_t *) value = global ? EMUL_PAGE : 0;
      break;
    case HSA_AMD_MEMORY_POOL_INFO_ACCESSIBLE_BY_ALL:
      *(bool *) value = r->kind == EMUL_REGION_SYSTEM;
      break;
    default:
      return HSA_STATUS_ERROR_INVALID_ARGUMENT;
    }
  return HSA_STATUS_SUCCESS;
}

hsa_status_t
hsa_amd_agent_memory_pool_get_info (hsa_agent_t agent,
				    hsa_amd_memory_pool_t memory_pool,
				    hsa_amd_agent_memory_pool_info_t attribute,
				    void *value)
{
  struct emul_agent *a;
  struct emul_region *r;

  EMUL_ENTER (hsa_amd_agent_memory_pool_get_info);
  EMUL_CHECK_INIT ();
  a = emul_agent_get (agent);
  if (a == NULL)
    return HSA_STATUS_ERROR_INVALID_AGENT;
  r = emul_region_get (memory_pool.handle);
  if (r == NULL)
    return (hsa_status_t) HSA_STATUS_ERROR_INVALID_MEMORY_POOL;
  if (value == NULL)
    return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  switch ((int) attribute)
    {
    case HSA_AMD_AGENT_MEMORY_POOL_INFO_ACCESS:
      {
	hsa_amd_memory_pool_access_t acc;
	if (r->kind == EMUL_REGION_SYSTEM
	    || r->kind == EMUL_REGION_SYSTEM_COARSE || r->owner == a)
	  acc = HSA_AMD_MEMORY_POOL_ACCESS_ALLOWED_BY_DEFAULT;
	else if (r->kind == EMUL_REGION_GROUP)
	  acc = HSA_AMD_MEMORY_POOL_ACCESS_NEVER_ALLOWED;
	else
	  acc = HSA_AMD_MEMORY_POOL_ACCESS_DISALLOWED_BY_DEFAULT;
	*(hsa_amd_memory_pool_access_t *) value = acc;
      }
      break;
    case HSA_AMD_AGENT_MEMORY_POOL_INFO_NUM_LINK_HOPS:
      *(uint32_t *) value = 0;
      break;
    default:
      return HSA_STATUS_ERROR_INVALID_ARGUMENT;
    }
  return HSA_STATUS_SUCCESS;
}

/* Every function of plugin/gcn/hsa-lib.def, with the type Debian's
   headers give it: a name missing from the headers does not compile, one
   missing from this library does not link (-Wl,--no-undefined).  */
#define HSA_REQUIRED(name) (void (*) (void)) name,
#define HSA_OPTIONAL(name) (void (*) (void)) name,
__attribute__ ((used)) static void (*const hsa_lib_def_check[]) (void) = {
#include "hsa-lib.def"
};
