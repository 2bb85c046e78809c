/* { dg-do run } */
/* { dg-set-target-env-var GOMPTARGET_HOST_DEVICES "3" } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   With three devices, device(3) is the initial device: the region
   runs on the host, without mapping.  */

#include <stdlib.h>
#include <omp.h>

int
main (void)
{
  int initial = 0, x = 1;

#pragma omp target device(3) map(to: x) map(from: initial)
  {
    initial = omp_is_initial_device ();
    x = 5;
  }
  if (!initial || x != 5)
    abort ();
  return 0;
}
