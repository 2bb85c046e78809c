/* { dg-do run } */
/* { dg-set-target-env-var OMP_TARGET_OFFLOAD "DISABLED" } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   OMP_TARGET_OFFLOAD values are case-insensitive: DISABLED disables
   offloading.  */

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
