/* { dg-do run } */
/* { dg-set-target-env-var GOMPTARGET_PLUGINS "table" } */
/* { dg-set-target-env-var GOMPTARGET_PLUGIN_PATH "@PLUGINDIR@" } */
/* { dg-final { gomptarget-output-count {^table: unload$} 1 } } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   Unregistering an image (what the destructor of a library with offload
   code does when it is closed) unloads it from the device that loaded
   it: the plugin's unload_binary is called, the regions of its host table
   no longer run the image's code (the test plugin runs the host functions
   themselves then), and its declare target variables are no longer
   present on the device.  The requires word of GCC 14's data is skipped
   to find the image, as at registration.  */

#include <omp.h>
#include <stdint.h>
#include <stdlib.h>

extern void GOMP_offload_register_ver (unsigned, const void *, int,
				       const void *);
extern void GOMP_offload_unregister_ver (unsigned, const void *, int,
					 const void *);
extern void GOMP_target_ext (int, void (*) (void *), size_t, void **,
			     size_t *, unsigned short *, unsigned int,
			     void **, void **);

static void f0 (void *v) { **(int **) v = 10; }
static void f1 (void *v) { **(int **) v = 11; }

static int var = 5;
static void *funcs[] = { (void *) f0, (void *) f1 };
static void *vars[] = { &var, (void *) sizeof var };
static void *host_table[] = { funcs, funcs + 2, vars, vars + 2, NULL, NULL };
static const uintptr_t data[] = { 0x200, 0 };

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
  GOMP_offload_register_ver (3u << 16 | 1, host_table, 99, data);
  if (run (f0) != 11 || !omp_target_is_present (&var, 0))
    abort ();
  GOMP_offload_unregister_ver (3u << 16 | 1, host_table, 99, data);
  if (run (f0) != 10 || omp_target_is_present (&var, 0))
    abort ();
  return 0;
}
