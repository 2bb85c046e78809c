/* { dg-do run } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   OpenMP 5 reference counts: data entered twice is only copied back
   by the exit data that brings the count to zero.  */

#include <stdlib.h>
#include <omp.h>

int
main (void)
{
  int x = 1, dev = omp_get_default_device ();

#pragma omp target enter data map(to: x)
#pragma omp target enter data map(to: x)
#pragma omp target map(tofrom: x)
  x = 2;

#pragma omp target exit data map(from: x)
  if (x != 1)
    abort ();
  if (!omp_target_is_present (&x, dev))
    abort ();
#pragma omp target exit data map(from: x)
  if (x != 2)
    abort ();
  if (omp_target_is_present (&x, dev))
    abort ();
  return 0;
}
