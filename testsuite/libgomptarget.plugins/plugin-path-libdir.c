/* { dg-do run } */
/* { dg-set-target-env-var GOMPTARGET_PLUGIN_PATH "/nonexistent-gomptarget-dir:@LIBDIR@" } */
/* { dg-set-target-env-var GOMPTARGET_PLUGINS "host" } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   GOMPTARGET_PLUGIN_PATH naming the library directory finds the host
   plugin there.  */

#include <stdlib.h>
#include <omp.h>

int
main (void)
{
  int initial = -1;

  if (omp_get_num_devices () != 1)
    abort ();
#pragma omp target map(from: initial)
  initial = omp_is_initial_device ();
  if (initial != 0)
    abort ();
  return 0;
}
