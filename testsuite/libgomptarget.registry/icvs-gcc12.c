/* { dg-do run } */
/* { dg-set-target-env-var GOMPTARGET_PLUGINS "host,table" } */
/* { dg-set-target-env-var GOMPTARGET_HOST_DEVICES "2" } */
/* { dg-set-target-env-var GOMPTARGET_PLUGIN_PATH "@PLUGINDIR@:@LIBDIR@" } */
/* { dg-set-target-env-var TABLE_PLUGIN_ICVS "1" } */
/* { dg-set-target-env-var OMP_NUM_TEAMS_DEV_2 "7" } */
/* { dg-final { gomptarget-output-count {^table: icvs 2$} 1 } } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   The device ICV variable of a GCC 12 image (library version 1) is the
   4-byte __gomp_device_num: the front end writes the device's number
   into it (device 2 here: the test plugin comes after two emulated
   devices), and nothing more.  */

#include <stdlib.h>

extern void GOMP_offload_register_ver (unsigned, const void *, int,
				       const void *);
extern void GOMP_target_ext (int, void (*) (void *), size_t, void **,
			     size_t *, unsigned short *, unsigned int,
			     void **, void **);

static void f0 (void *v) { (void) v; }

static void *funcs[] = { (void *) f0 };
static void *host_table[] = { funcs, funcs + 1, NULL, NULL };
static const char data[16];

int
main (void)
{
  GOMP_offload_register_ver (1u << 16 | 1, host_table, 99, data);
  GOMP_target_ext (2, f0, 0, NULL, NULL, NULL, 0, NULL, NULL);
  return 0;
}
