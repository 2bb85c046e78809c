/* { dg-do run } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   target update to() refreshes the device copy from the host while
   the data stays mapped.  */

#include <stdlib.h>

int
main (void)
{
  int a[4] = { 1, 2, 3, 4 }, r1 = 0, r2 = 0;

#pragma omp target data map(to: a)
  {
    a[2] = 30;
#pragma omp target map(from: r1)
    r1 = a[2];
#pragma omp target update to(a)
#pragma omp target map(from: r2)
    r2 = a[2];
  }
  if (r1 != 3 || r2 != 30)
    abort ();
  return 0;
}
