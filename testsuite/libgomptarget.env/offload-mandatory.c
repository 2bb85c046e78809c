/* { dg-do run } */
/* { dg-set-target-env-var OMP_TARGET_OFFLOAD "mandatory" } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   OMP_TARGET_OFFLOAD=mandatory with a device available: regions run
   on the device as usual.  */

#include <stdlib.h>
#include <omp.h>

int
main (void)
{
  int initial = -1, x = 1;

#pragma omp target map(from: initial) map(to: x)
  {
    initial = omp_is_initial_device ();
    x = 2;
  }
  if (initial != 0 || x != 1)
    abort ();
  return 0;
}
