/* { dg-do run } */
/* { dg-set-target-env-var GOMPTARGET_PLUGINS "broken,host" } */
/* { dg-set-target-env-var GOMPTARGET_PLUGIN_PATH "@PLUGINDIR@:@LIBDIR@" } */
/* { dg-set-target-env-var GOMP_DEBUG "1" } */
/* { dg-final { gomptarget-output-includes {gomptarget: [^\n]*plugin 'broken' rejected: [^\n]*__tgt_rtl_} } } */
/* { dg-final { gomptarget-output-includes {gomptarget: [^\n]*plugin 'host' loaded from [^\n]*: 1 device} } } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   A plugin lacking required entry points (the test plugin 'broken',
   found through GOMPTARGET_PLUGIN_PATH) is rejected; the host plugin
   after it provides device 0, the only device.  */

#include <stdlib.h>
#include <omp.h>

int
main (void)
{
  int initial = -1, num = -1, x = 1;

  if (omp_get_num_devices () != 1)
    abort ();
#pragma omp target device(0) map(from: initial, num) map(to: x)
  {
    initial = omp_is_initial_device ();
    num = omp_get_device_num ();
    x = 2;
  }
  if (initial != 0 || num != 0 || x != 1)
    abort ();
  return 0;
}
