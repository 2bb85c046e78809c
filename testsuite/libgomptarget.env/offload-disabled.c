/* { dg-do run } */
/* { dg-set-target-env-var OMP_TARGET_OFFLOAD "disabled" } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   OMP_TARGET_OFFLOAD=disabled: no devices, omp_get_initial_device is 0,
   regions run on the host (writes visible without map(from:)).  */

#include <stdlib.h>
#include <omp.h>

int
main (void)
{
  int initial = 0, x = 1;

  if (omp_get_num_devices () != 0)
    abort ();
  if (omp_get_initial_device () != 0)
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
