/* { dg-do run } */
/* { dg-gomptarget-preload "unmodified binary" } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   An unmodified binary (not linked with -lgomptarget) run with
   LD_PRELOAD=libgomptarget.so.1 offloads to the emulated device:
   omp_is_initial_device is false inside, one device.  */

#include <stdlib.h>
#include <omp.h>

int
main (void)
{
  int initial = -1, num = -1;

  if (omp_get_num_devices () != 1)
    abort ();
#pragma omp target map(from: initial, num)
  {
    initial = omp_is_initial_device ();
    num = omp_get_device_num ();
  }
  if (initial != 0 || num != 0)
    abort ();
  return 0;
}
