/* { dg-do run } */
/* { dg-gomptarget-gcc-min 13 } */
/* { dg-additional-options "-foffload=nvptx-none -foffload-options=nvptx-none=-march=sm_70" } */
/* { dg-set-target-env-var GOMPTARGET_PLUGINS "table" } */
/* { dg-set-target-env-var GOMPTARGET_PLUGIN_PATH "@PLUGINDIR@:@LIBDIR@" } */
/* { dg-set-target-env-var GOMP_DEBUG "1" } */
/* { dg-final { gomptarget-output-includes {table devices present but 'omp requires reverse_offload' cannot be fulfilled} } } */
/* { dg-final { gomptarget-output-excludes {reverse offload of 0x[0-9a-f]+ served} } } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   The only plugin (the test plugin "table") cannot do reverse offload:
   its devices are not used by a program that requires it (the mask
   travels in the program's nvptx image), so the target region runs on
   the host, and its ancestor region runs there too, in place.  */

#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

#pragma omp requires reverse_offload

static int host_calls, host_initial = -1;

__attribute__ ((noinline)) static void
on_host (int *x)
{
  host_calls++;
  host_initial = omp_is_initial_device ();
  *x += 10;
}

int
main (void)
{
  int x = 1, on_initial = -1, ndev = omp_get_num_devices ();

#pragma omp target map(tofrom: x, on_initial)
  {
    on_initial = omp_is_initial_device ();
    x++;
#pragma omp target device(ancestor: 1) map(tofrom: x)
    on_host (&x);
    x++;
  }
  printf ("devices %d, x %d, region on the initial device %d, host calls "
	  "%d\n", ndev, x, on_initial, host_calls);
  if (ndev != 0 || x != 13 || on_initial != 1 || host_calls != 1
      || host_initial != 1)
    abort ();
  return 0;
}
