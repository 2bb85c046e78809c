/* { dg-do run } */
/* { dg-set-target-env-var GOMPTARGET_PLUGINS "host,table" } */
/* { dg-set-target-env-var GOMPTARGET_PLUGIN_PATH "@PLUGINDIR@:@LIBDIR@" } */
/* { dg-set-target-env-var TABLE_PLUGIN_ICVS "1" } */
/* { dg-set-target-env-var OMP_NUM_TEAMS_ALL "3" } */
/* { dg-set-target-env-var OMP_NUM_TEAMS_DEV_1 "7" } */
/* { dg-set-target-env-var OMP_TEAMS_THREAD_LIMIT_DEV "5" } */
/* { dg-set-target-env-var OMP_TEAMS_THREAD_LIMIT_ALL "4" } */
/* { dg-set-target-env-var OMP_DEFAULT_DEVICE_DEV_0 "9" } */
/* { dg-set-target-env-var OMP_DEFAULT_DEVICE_ALL "1" } */
/* { dg-final { gomptarget-output-count {^table: icvs 1 1 7 5$} 1 } } */
/* { dg-final { gomptarget-output-excludes {table: icvs .* -1} } } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   The device ICV variable of a GCC 13/14 image (__gomp_additional_icvs,
   16 bytes), which the test plugin 'table' (device 1 here) returns as the
   last entry of its table: right after loading, the front end writes the
   device number, then the device's default-device-var, nteams-var and
   teams-thread-limit-var, each from the first of the _DEV_<n>, _DEV and
   _ALL forms of OMP_DEFAULT_DEVICE, OMP_NUM_TEAMS and
   OMP_TEAMS_THREAD_LIMIT that is set.  (OMP_DEFAULT_DEVICE_DEV_0 is
   device 0's, not device 1's.)  */

#include <stdint.h>
#include <stdlib.h>

extern void GOMP_offload_register_ver (unsigned, const void *, int,
				       const void *);
extern void GOMP_target_ext (int, void (*) (void *), size_t, void **,
			     size_t *, unsigned short *, unsigned int,
			     void **, void **);

static void f0 (void *v) { (void) v; }

static void *funcs[] = { (void *) f0 };
static void *host_table[] = { funcs, funcs + 1, NULL, NULL, NULL, NULL };
static const uintptr_t data[] = { 0x200, 0 };

int
main (void)
{
  GOMP_offload_register_ver (3u << 16 | 1, host_table, 99, data);
  GOMP_target_ext (1, f0, 0, NULL, NULL, NULL, 0, NULL, NULL);
  return 0;
}
