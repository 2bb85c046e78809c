/* { dg-do run } */
/* { dg-set-target-env-var GOMPTARGET_PLUGINS "nonexistent" } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   GOMPTARGET_PLUGINS=nonexistent alone: no devices, regions fall back
   to the host, and that is not an error.  */

#include <stdlib.h>
#include <omp.h>

int
main (void)
{
  int initial = 0, x = 1;

  if (omp_get_num_devices () != 0)
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
