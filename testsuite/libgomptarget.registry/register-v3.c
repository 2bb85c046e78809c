/* { dg-do run } */
/* { dg-set-target-env-var GOMPTARGET_PLUGINS "table,host" } */
/* { dg-set-target-env-var GOMPTARGET_PLUGIN_PATH "@PLUGINDIR@:@LIBDIR@" } */
/* { dg-set-target-env-var TABLE_PLUGIN_REQUIRES "0x80" } */
/* { dg-final { gomptarget-output-includes {table: init_requires 0x80\n} } } */
/* { dg-final { gomptarget-output-includes {table: load lib 3 dev 1 mask 0x280 ind 2 data 0x5ca1ab1e\n} } } */
/* { dg-final { gomptarget-output-excludes {has no address} } } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   GCC 14's registration (library version 3): the data starts with the
   'omp requires' mask word, which the plugin must not see in front of
   its target data, and the host table has six words, the last two
   delimiting the host addresses of 'declare target indirect' functions.
   The test plugin 'table' prints what it got, and runs the I-th function
   of the image with the code of the host function N-1-I: the regions must
   still be found in the 6-word host table.  */

#include <stdint.h>
#include <stdlib.h>

extern void GOMP_offload_register_ver (unsigned, const void *, int,
				       const void *);
extern void GOMP_target_ext (int, void (*) (void *), size_t, void **,
			     size_t *, unsigned short *, unsigned int,
			     void **, void **);

static void f0 (void *v) { **(int **) v = 10; }
static void f1 (void *v) { **(int **) v = 11; }
static int ind0 (int x) { return x; }
static int ind1 (int x) { return -x; }

static void *funcs[] = { (void *) f0, (void *) f1 };
static void *ind_funcs[] = { (void *) ind0, (void *) ind1 };
static void *host_table[] = { funcs, funcs + 2, NULL, NULL,
			      ind_funcs, ind_funcs + 2 };
/* The requires word (reverse_offload | target used), then the target's
   data, whose first word the plugin prints.  */
static const uintptr_t data[] = { 0x280, 0x5ca1ab1e };

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
  GOMP_offload_register_ver (3u << 16 | 1, host_table, 99, data);
  if (run (0, f0) != 11 || run (0, f1) != 10)
    abort ();
  /* The host device runs the host functions themselves.  */
  if (run (1, f0) != 10)
    abort ();
  return 0;
}
