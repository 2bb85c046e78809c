/* { dg-do run } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   omp_target_is_present and omp_target_memcpy see mapped data at the
   device address reported by use_device_addr; a copy written with
   omp_target_memcpy is what the next region reads.  */

#include <stdlib.h>
#include <omp.h>

int v[8];

int
main (void)
{
  int dev = omp_get_default_device (), host = omp_get_initial_device ();
  int *dv = NULL, r = 0, newval[8] = { 9, 9, 9, 9, 9, 9, 9, 42 };

#pragma omp target enter data map(to: v)
#pragma omp target data use_device_addr(v)
  dv = &v[0];
  if (dv == NULL || dv == v)
    abort ();
  if (omp_target_memcpy (dv, newval, sizeof newval, 0, 0, dev, host))
    abort ();
#pragma omp target map(from: r)
  r = v[7];
  if (r != 42 || v[7] != 0)
    abort ();
#pragma omp target exit data map(from: v)
  if (v[7] != 42 || v[0] != 9)
    abort ();
  return 0;
}
