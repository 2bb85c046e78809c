/* { dg-do run } */
/* { dg-set-target-env-var GOMPTARGET_PLUGINS "table" } */
/* { dg-set-target-env-var GOMPTARGET_PLUGIN_PATH "@PLUGINDIR@" } */
/* { dg-final { gomptarget-output-includes {table: init_requires 0x0\n} } } */
/* { dg-final { gomptarget-output-includes {table: load lib 2 dev 1 mask 0x200 ind 0 data 0x600dcafe\n} } } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   GCC 13's registration (library version 2): a requires mask word in
   front of the target data, and the 4-word host table of GCC 12 (no
   indirect functions: whatever follows the table is not read).  A mask
   of TARGET_USED alone asks nothing of the devices.  */

#include <stdint.h>
#include <stdlib.h>

extern void GOMP_offload_register_ver (unsigned, const void *, int,
				       const void *);
extern void GOMP_target_ext (int, void (*) (void *), size_t, void **,
			     size_t *, unsigned short *, unsigned int,
			     void **, void **);

static void f0 (void *v) { **(int **) v = 10; }
static void f1 (void *v) { **(int **) v = 11; }
static void f2 (void *v) { **(int **) v = 12; }

static void *funcs[] = { (void *) f0, (void *) f1, (void *) f2 };
/* Two more words that a 6-word reader would take for indirect
   functions.  */
static void *host_table[] = { funcs, funcs + 3, NULL, NULL, funcs,
			      funcs + 3 };
static const uintptr_t data[] = { 0x200, 0x600dcafe };

static int
run (void (*fn) (void *))
{
  int x = -1;
  void *hostaddrs[1] = { &x };
  size_t sizes[1] = { sizeof x };
  unsigned short kinds[1] = { 3 | (2 << 8) };

  GOMP_target_ext (0, fn, 1, hostaddrs, sizes, kinds, 0, NULL, NULL);
  return x;
}

int
main (void)
{
  GOMP_offload_register_ver (2u << 16 | 1, host_table, 99, data);
  if (run (f0) != 12 || run (f1) != 11 || run (f2) != 10)
    abort ();
  return 0;
}
