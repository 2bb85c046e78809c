/* { dg-do run } */
/* { dg-set-target-env-var OMP_DEFAULT_DEVICE "1" } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   OMP_DEFAULT_DEVICE naming the initial device (1 with one device)
   runs regions on the host.  */

#include <stdlib.h>
#include <omp.h>

int
main (void)
{
  int initial = 0;

  if (omp_get_default_device () != 1)
    abort ();
#pragma omp target map(from: initial)
  initial = omp_is_initial_device ();
  if (!initial)
    abort ();
  return 0;
}
