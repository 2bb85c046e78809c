/* { dg-do run } */
/* { dg-set-target-env-var GOMPTARGET_HOST_DEVICES "3" } */
/* { dg-set-target-env-var OMP_DEFAULT_DEVICE "2" } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   OMP_DEFAULT_DEVICE=2 selects device 2 for regions without a device
   clause.  */

#include <stdlib.h>
#include <omp.h>

int
main (void)
{
  int num = -1;

  if (omp_get_default_device () != 2)
    abort ();
#pragma omp target map(from: num)
  num = omp_get_device_num ();
  if (num != 2)
    abort ();
  return 0;
}
