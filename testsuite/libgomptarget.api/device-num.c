/* { dg-do run } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   omp_get_device_num returns the initial device number on the host
   and the device number (0) inside a region.  */

#include <stdlib.h>
#include <omp.h>

int
main (void)
{
  int inside = -1;

  if (omp_get_device_num () != omp_get_initial_device ())
    abort ();
#pragma omp target map(from: inside)
  inside = omp_get_device_num ();
  if (inside != 0 || inside == omp_get_initial_device ())
    abort ();
  return 0;
}
