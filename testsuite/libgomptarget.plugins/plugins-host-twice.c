/* { dg-do run } */
/* { dg-set-target-env-var GOMPTARGET_PLUGINS "host,host, host ,host" } */
/* { dg-final { gomptarget-output-includes {libgomptarget: warning: GOMPTARGET_PLUGINS: 'host' is named more than once; its repetitions are ignored} } } */
/* { dg-final { gomptarget-output-count {GOMPTARGET_PLUGINS} 1 } } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   A plugin named more than once in GOMPTARGET_PLUGINS is loaded once,
   with one warning: its devices are not listed again as further devices
   (which would share the first ones' state).  */

#include <stdlib.h>
#include <omp.h>

int
main (void)
{
  int x = 1, initial = -1;

  if (omp_get_num_devices () != 1)
    abort ();
#pragma omp target map(tofrom: x) map(from: initial)
  {
    initial = omp_is_initial_device ();
    x += 1;
  }
  if (initial != 0 || x != 2)
    abort ();
  return 0;
}
