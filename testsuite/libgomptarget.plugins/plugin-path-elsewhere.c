/* { dg-do run } */
/* { dg-set-target-env-var GOMPTARGET_PLUGINS "host" } */
/* { dg-set-target-env-var GOMPTARGET_PLUGIN_PATH "/nonexistent-gomptarget-dir" } */
/* { dg-set-target-env-var GOMP_DEBUG "1" } */
/* { dg-final { gomptarget-output-includes {gomptarget: [^\n]*plugin 'host' not found} } } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   When GOMPTARGET_PLUGIN_PATH is set, plugins are searched only
   there: a path without the host plugin leaves no devices (debug says
   'not found').  */

#include <stdlib.h>
#include <omp.h>

int
main (void)
{
  int initial = 0;

  if (omp_get_num_devices () != 0)
    abort ();
#pragma omp target map(from: initial)
  initial = omp_is_initial_device ();
  if (!initial)
    abort ();
  return 0;
}
