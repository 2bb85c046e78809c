/* { dg-do run } */
/* { dg-set-target-env-var GOMPTARGET_PLUGINS "table,host" } */
/* { dg-set-target-env-var GOMPTARGET_PLUGIN_PATH "@PLUGINDIR@:@LIBDIR@" } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   A region runs the code the device loaded for it: the entry at the
   position of its host function in the image the device accepted.  The
   test plugin 'table' (device 0) accepts images of target type 99 and
   gives the I-th function of an image the code of the host function at
   position N-1-I; the host plugin (device 1) accepts none of them and
   runs the host functions themselves.  Images of the same host table for
   other target types, and a second image, must not confuse the lookup;
   a function in no image runs as is on a device that runs host code.  */

#include <stddef.h>
#include <stdlib.h>

extern void GOMP_offload_register_ver (unsigned, const void *, int,
				       const void *);
extern void GOMP_target_ext (int, void (*) (void *), size_t, void **,
			     size_t *, unsigned short *, unsigned int,
			     void **, void **);

static void f0 (void *v) { **(int **) v = 10; }
static void f1 (void *v) { **(int **) v = 11; }
static void f2 (void *v) { **(int **) v = 12; }
static void g0 (void *v) { **(int **) v = 20; }
static void g1 (void *v) { **(int **) v = 21; }
static void h (void *v) { **(int **) v = 30; }

static void *funcs_f[] = { (void *) f0, (void *) f1, (void *) f2 };
static void *funcs_g[] = { (void *) g0, (void *) g1 };
/* GCC's host table: funcs_begin, funcs_end, vars_begin, vars_end.  */
static void *table_f[] = { funcs_f, funcs_f + 3, NULL, NULL };
static void *table_g[] = { funcs_g, funcs_g + 2, NULL, NULL };
static const char target_data[16];

/* Run FN on DEVICE with map(tofrom: x); return x.  */
static int
run (int device, void (*fn) (void *))
{
  int x = -1;
  void *hostaddrs[1] = { &x };
  size_t sizes[1] = { sizeof x };
  unsigned short kinds[1] = { 3 | (2 << 8) };	/* tofrom, align 4.  */

  GOMP_target_ext (device, fn, 1, hostaddrs, sizes, kinds, 0, NULL, NULL);
  return x;
}

int
main (void)
{
  const unsigned version = 1u << 16;

  GOMP_offload_register_ver (version, table_f, 5, target_data);
  GOMP_offload_register_ver (version, table_f, 99, target_data);
  GOMP_offload_register_ver (version, table_g, 99, target_data);
  GOMP_offload_register_ver (version, table_f, 8, target_data);

  if (run (0, f0) != 12 || run (0, f1) != 11 || run (0, f2) != 10)
    abort ();
  if (run (0, g0) != 21 || run (0, g1) != 20)
    abort ();
  if (run (0, h) != 30)
    abort ();
  if (run (1, f0) != 10 || run (1, g1) != 21 || run (1, h) != 30)
    abort ();
  return 0;
}
