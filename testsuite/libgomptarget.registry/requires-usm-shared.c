/* { dg-do run } */
/* { dg-set-target-env-var GOMPTARGET_PLUGINS "table,host" } */
/* { dg-set-target-env-var GOMPTARGET_PLUGIN_PATH "@PLUGINDIR@:@LIBDIR@" } */
/* { dg-set-target-env-var GOMP_DEBUG "1" } */
/* { dg-set-target-env-var TABLE_PLUGIN_CAPS "0" } */
/* { dg-final { gomptarget-output-includes {table: init_requires 0x20\n} } } */
/* { dg-final { gomptarget-output-includes {gomptarget: table devices present but 'omp requires unified_shared_memory' cannot be fulfilled} } } */
/* { dg-final { gomptarget-output-includes {gomptarget: host devices run in shared-memory mode for 'omp requires unified_shared_memory'} } } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   A program that requires unified_shared_memory (the mask word of its
   GCC 13/14 image: 0x220) does not use the devices of a plugin that
   cannot honour it (the test plugin 'table', which honours nothing and
   is made to look like a GPU's plugin), and
   runs the emulated device in shared-memory mode: a region works on the
   host's memory, as on a device with real unified memory, while still
   being device code (omp_is_initial_device () == 0).  */

#include <omp.h>
#include <stdint.h>
#include <stdlib.h>

extern void GOMP_offload_register_ver (unsigned, const void *, int,
				       const void *);

static void *host_table[6];
static const uintptr_t data[] = { 0x220, 0 };

int
main (void)
{
  int a[4] = { 1, 2, 3, 4 }, initial = -1, dev = -1, i;
  int *p;

  GOMP_offload_register_ver (3u << 16 | 1, host_table, 99, data);
  if (omp_get_num_devices () != 1)
    abort ();

  /* map(to:) copies nothing back on a device with its own memory.  */
#pragma omp target map(to: a) map(from: initial, dev)
  {
    for (int j = 0; j < 4; j++)
      a[j] *= 10;
    initial = omp_is_initial_device ();
    dev = omp_get_device_num ();
  }
  for (i = 0; i < 4; i++)
    if (a[i] != 10 * (i + 1))
      abort ();
  if (initial != 0 || dev != 0)
    abort ();

  /* A firstprivate copy stays private.  */
  int fp = 7;
#pragma omp target firstprivate(fp)
  fp = 8;
  if (fp != 7)
    abort ();

  /* Everything is present, and device memory is host memory.  */
  if (!omp_target_is_present (&i, 0))
    abort ();
  p = omp_target_alloc (sizeof *p, 0);
  if (p == NULL)
    abort ();
  *p = 5;
#pragma omp target is_device_ptr(p)
  *p += 1;
  if (*p != 6)
    abort ();
  omp_target_free (p, 0);
  return 0;
}
