/* { dg-do run } */
/* { dg-set-target-env-var GOMPTARGET_PLUGINS "table,host" } */
/* { dg-set-target-env-var GOMPTARGET_PLUGIN_PATH "@PLUGINDIR@:@LIBDIR@" } */
/* { dg-set-target-env-var TABLE_PLUGIN_REQUIRES "0xb0" } */
/* { dg-set-target-env-var GOMP_DEBUG "1" } */
/* { dg-set-target-env-var TABLE_PLUGIN_CAPS "0" } */
/* { dg-final { gomptarget-output-includes {table: init_requires 0xb0\n} } } */
/* { dg-final { gomptarget-output-excludes {cannot be fulfilled} } } */
/* { dg-final { gomptarget-output-excludes {table devices run in shared-memory mode} } } */
/* { dg-final { gomptarget-output-includes {host devices run in shared-memory mode for 'omp requires unified_shared_memory'\n} } } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   The plugin is told the program's requirements without the
   TARGET_USED bit, and a plugin that honours them all keeps its devices
   as they are.  The emulated device, which honours reverse_offload by
   itself, gives unified_address with its own memory and
   unified_shared_memory in shared-memory mode.  */

#include <omp.h>
#include <stdint.h>
#include <stdlib.h>

extern void GOMP_offload_register_ver (unsigned, const void *, int,
				       const void *);

static void *host_table[6];
static const uintptr_t data[] = { 0x2b0, 0 };

int
main (void)
{
  GOMP_offload_register_ver (3u << 16 | 8, host_table, 99, data);
  if (omp_get_num_devices () != 2)
    abort ();
  return 0;
}
