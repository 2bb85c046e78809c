/* { dg-do run } */
/* { dg-set-target-env-var GOMPTARGET_PLUGINS "broken" } */
/* { dg-set-target-env-var GOMPTARGET_PLUGIN_PATH "@PLUGINDIR@" } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   With only the broken test plugin configured there are no devices
   and regions run on the host.  */

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
