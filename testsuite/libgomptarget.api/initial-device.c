/* { dg-do run } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   With one emulated device: omp_get_num_devices is 1 and
   omp_get_initial_device equals omp_get_num_devices.  */

#include <stdlib.h>
#include <omp.h>

int
main (void)
{
  if (omp_get_num_devices () != 1)
    abort ();
  if (omp_get_initial_device () != omp_get_num_devices ())
    abort ();
  if (omp_get_default_device () != 0)
    abort ();
  return 0;
}
