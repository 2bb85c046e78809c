/* { dg-do run } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   With the default OMP_TARGET_OFFLOAD a nonexistent device number
   falls back to the host.  */

#include <stdlib.h>
#include <omp.h>

int
main (void)
{
  int initial = 0, x = 1;

#pragma omp target device(7) map(from: initial) map(to: x)
  {
    initial = omp_is_initial_device ();
    x = 2;
  }
  if (!initial || x != 2)
    abort ();
  return 0;
}
