/* { dg-do run } */
/* { dg-set-target-env-var GOMPTARGET_PLUGINS "table,host" } */
/* { dg-set-target-env-var GOMPTARGET_PLUGIN_PATH "@PLUGINDIR@:@LIBDIR@" } */
/* { dg-set-target-env-var GOMP_DEBUG "1" } */
/* { dg-set-target-env-var TABLE_PLUGIN_CAPS "0" } */
/* { dg-final { gomptarget-output-includes {table devices present but 'omp requires unified_address' cannot be fulfilled} } } */
/* { dg-final { gomptarget-output-excludes {shared-memory mode} } } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   unified_address alone: the emulated device, whose memory is host memory
   the host does not use otherwise, has one address space with the host
   and honours it with memory of its own (map(to:) is not copied back),
   and a device pointer can be used in a region as is.  */

#include <omp.h>
#include <stdint.h>
#include <stdlib.h>

extern void GOMP_offload_register_ver (unsigned, const void *, int,
				       const void *);

static void *host_table[6];
static const uintptr_t data[] = { 0x210, 0 };

int
main (void)
{
  int a = 1;
  int *p;

  GOMP_offload_register_ver (3u << 16 | 1, host_table, 99, data);
  if (omp_get_num_devices () != 1)
    abort ();
#pragma omp target map(to: a)
  a = 2;
  if (a != 1)
    abort ();
  p = omp_target_alloc (sizeof *p, 0);
  if (p == NULL)
    abort ();
#pragma omp target is_device_ptr(p)
  *p = 42;
  a = 0;
  if (omp_target_memcpy (&a, p, sizeof a, 0, 0, omp_get_initial_device (),
			 0) != 0 || a != 42)
    abort ();
  omp_target_free (p, 0);
  return 0;
}
