/* { dg-do run } */
/* { dg-set-target-env-var GOMPTARGET_HOST_DEVICES "2" } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   GOMPTARGET_HOST_DEVICES=2 without OMP_DEFAULT_DEVICE uses device
   0 by default.  */

#include <stdlib.h>
#include <omp.h>

int
main (void)
{
  int num = -1;

  if (omp_get_num_devices () != 2 || omp_get_default_device () != 0)
    abort ();
#pragma omp target map(from: num)
  num = omp_get_device_num ();
  if (num != 0)
    abort ();
  return 0;
}
