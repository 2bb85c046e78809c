/* { dg-do run } */
/* { dg-set-target-env-var GOMPTARGET_HOST_DEVICES "3" } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   Data entered on device 1 is present on device 1 only.  */

#include <stdlib.h>
#include <omp.h>

int a[10];

int
main (void)
{
#pragma omp target enter data map(to: a) device(1)
  if (!omp_target_is_present (a, 1))
    abort ();
  if (omp_target_is_present (a, 0) || omp_target_is_present (a, 2))
    abort ();
#pragma omp target exit data map(release: a) device(1)
  if (omp_target_is_present (a, 1))
    abort ();
  return 0;
}
