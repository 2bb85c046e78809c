/* { dg-do run } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   omp_is_initial_device is true on the host and false inside a region
   running on the emulated device.  */

#include <stdlib.h>
#include <omp.h>

int
main (void)
{
  int inside = -1;

  if (!omp_is_initial_device ())
    abort ();
#pragma omp target map(from: inside)
  inside = omp_is_initial_device ();
  if (inside != 0)
    abort ();
  return 0;
}
