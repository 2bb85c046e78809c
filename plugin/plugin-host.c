/* plugin-host.c -- the emulated discrete device: a device that runs the
   host code of target regions, with memory of its own, so that data must
   be mapped to reach it and mapped back to be seen on the host, as on a
   GPU.  GOMPTARGET_HOST_DEVICES sets how many there are (default 1).

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

#include "memory-pool.h"
#include "plugin-common.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#define HOST_MAX_DEVICES 64

/* The offload target type a host image would carry.  */
#define HOST_TARGET_TYPE 2

static pthread_once_t init_once = PTHREAD_ONCE_INIT;
static int num_devices;
static bool poison;

/* Freed device memory is kept for reuse (all emulated devices share the
   process's memory, so one pool serves them all); GOMPTARGET_POOL_MB sets
   how much, default 1 GiB.  */
static struct gt_memory_pool pool;

static void
host_init (void)
{
  gt_plugin_init_common ("host");
  num_devices = (int) gt_env_number ("GOMPTARGET_HOST_DEVICES", 1,
					  HOST_MAX_DEVICES);
  poison = gt_env_number ("GOMPTARGET_HOST_POISON", 0, 1) != 0;
  gt_pool_init (&pool, (size_t) gt_env_number ("GOMPTARGET_POOL_MB",
						     1024, 1L << 20) << 20);
  gt_plugin_debug ("%d emulated device(s) with separate memory%s",
		   num_devices, poison ? ", new memory poisoned" : "");
}

static bool
valid_id (int32_t id)
{
  if (id >= 0 && id < num_devices)
    return true;
  gt_plugin_error ("no emulated device %d", (int) id);
  return false;
}

int32_t
__tgt_rtl_number_of_devices (void)
{
  pthread_once (&init_once, host_init);
  return num_devices;
}

uint32_t
__tgt_rtl_get_capabilities (void)
{
  return GT_CAP_HOST_CODE;
}

int32_t
__tgt_rtl_is_valid_binary (__tgt_device_image *image)
{
  return gt_plugin_gcc_image_p (image, HOST_TARGET_TYPE);
}

int32_t
__tgt_rtl_init_device (int32_t id)
{
  pthread_once (&init_once, host_init);
  return valid_id (id) ? GT_RTL_SUCCESS : GT_RTL_FAIL;
}

__tgt_target_table *
__tgt_rtl_load_binary (int32_t id, __tgt_device_image *image)
{
  /* Host code runs as it is: the table is the image's own entries.  */
  __tgt_target_table *t;

  if (!valid_id (id) || !__tgt_rtl_is_valid_binary (image))
    return NULL;
  t = malloc (sizeof *t);
  if (t == NULL)
    return NULL;
  t->EntriesBegin = image->EntriesBegin;
  t->EntriesEnd = image->EntriesEnd;
  return t;
}

void *
__tgt_rtl_data_alloc (int32_t id, int64_t size, void *host_ptr)
{
  void *p;

  (void) host_ptr;
  if (!valid_id (id) || size < 0)
    return NULL;
  /* Never the host object itself: a fresh allocation, so that what is not
     copied is not seen.  */
  p = gt_pool_alloc (&pool, (size_t) size);
  if (p != NULL && poison)
    memset (p, 0xa5, (size_t) size);
  return p;
}

int32_t
__tgt_rtl_data_submit (int32_t id, void *tgt_ptr, void *host_ptr,
		       int64_t size)
{
  if (!valid_id (id) || size < 0 || (size && (!tgt_ptr || !host_ptr)))
    return GT_RTL_FAIL;
  memcpy (tgt_ptr, host_ptr, (size_t) size);
  return GT_RTL_SUCCESS;
}

int32_t
__tgt_rtl_data_retrieve (int32_t id, void *host_ptr, void *tgt_ptr,
			 int64_t size)
{
  if (!valid_id (id) || size < 0 || (size && (!tgt_ptr || !host_ptr)))
    return GT_RTL_FAIL;
  memcpy (host_ptr, tgt_ptr, (size_t) size);
  return GT_RTL_SUCCESS;
}

int32_t
__tgt_rtl_is_data_exchangable (int32_t src_id, int32_t dst_id)
{
  return valid_id (src_id) && valid_id (dst_id);
}

int32_t
__tgt_rtl_data_exchange (int32_t src_id, void *src_ptr, int32_t dst_id,
			 void *dst_ptr, int64_t size)
{
  if (!valid_id (src_id) || !valid_id (dst_id) || size < 0)
    return GT_RTL_FAIL;
  memmove (dst_ptr, src_ptr, (size_t) size);
  return GT_RTL_SUCCESS;
}

int32_t
__tgt_rtl_data_delete (int32_t id, void *tgt_ptr)
{
  if (!valid_id (id))
    return GT_RTL_FAIL;
  gt_pool_free (&pool, tgt_ptr);
  return GT_RTL_SUCCESS;
}

int32_t
__tgt_rtl_run_target_team_region (int32_t id, void *entry, void **tgt_vars,
				  ptrdiff_t *offsets, int32_t arg_num,
				  int32_t num_teams, int32_t thread_limit,
				  uint64_t loop_tripcount)
{
  void (*fn) (void *) = (void (*) (void *)) entry;
  void *stack_vars[16];
  void **vars = tgt_vars;

  (void) num_teams;
  (void) thread_limit;
  (void) loop_tripcount;
  if (!valid_id (id) || entry == NULL)
    return GT_RTL_FAIL;
  if (offsets != NULL)
    {
      int32_t i;
      vars = arg_num <= 16 ? stack_vars : malloc (arg_num * sizeof *vars);
      if (vars == NULL)
	return GT_RTL_FAIL;
      for (i = 0; i < arg_num; i++)
	vars[i] = (char *) tgt_vars[i] + offsets[i];
    }
  /* A GCC region takes the address of its array of device addresses;
     the teams it creates are the native runtime's (GOMP_teams4).  */
  fn (vars);
  if (vars != tgt_vars && vars != stack_vars)
    free (vars);
  return GT_RTL_SUCCESS;
}

int32_t
__tgt_rtl_run_target_region (int32_t id, void *entry, void **tgt_vars,
			     ptrdiff_t *offsets, int32_t arg_num)
{
  return __tgt_rtl_run_target_team_region (id, entry, tgt_vars, offsets,
					   arg_num, 1, 0, 0);
}

int32_t
__tgt_rtl_synchronize (int32_t id, void *async_info)
{
  (void) async_info;
  return valid_id (id) ? GT_RTL_SUCCESS : GT_RTL_FAIL;
}
