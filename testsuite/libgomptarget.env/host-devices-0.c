/* { dg-do run } */
/* { dg-set-target-env-var GOMPTARGET_HOST_DEVICES "0" } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   GOMPTARGET_HOST_DEVICES=0: no devices; regions fall back to the host.  */

#include <stdlib.h>
#include <omp.h>

int
main (void)
{
  int initial = 0, x = 1;

  if (omp_get_num_devices () != 0 || omp_get_initial_device () != 0)
    abort ();
#pragma omp target map(from: initial) map(to: x)
  {
    initial = omp_is_initial_device ();
    x = 2;
  }
  if (!initial || x != 2)
    abort ();
  return 0;
}
