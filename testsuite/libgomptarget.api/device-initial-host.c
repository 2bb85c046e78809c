/* { dg-do run } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   device(omp_get_initial_device()) runs the region on the host:
   no mapping, writes visible without map(from:), omp_get_device_num
   equals the initial device.  */

#include <stdlib.h>
#include <omp.h>

int
main (void)
{
  int host = omp_get_initial_device (), x = 1, initial = 0, num = -1;

#pragma omp target device(host) map(to: x) map(from: initial, num)
  {
    initial = omp_is_initial_device ();
    num = omp_get_device_num ();
    x = 2;
  }
  if (!initial || num != host || x != 2)
    abort ();
  return 0;
}
