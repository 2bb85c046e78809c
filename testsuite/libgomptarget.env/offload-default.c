/* { dg-do run } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   Without any environment setting there is one emulated device,
   and a region runs on it.  */

#include <stdlib.h>
#include <omp.h>

int
main (void)
{
  int initial = -1, x = 1;

  if (omp_get_num_devices () != 1)
    abort ();
#pragma omp target map(from: initial) map(to: x)
  {
    initial = omp_is_initial_device ();
    x = 2;
  }
  if (initial != 0 || x != 1)
    abort ();
  return 0;
}
