/* { dg-do run } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   Scalars referenced in a region without a map clause are firstprivate
   (OpenMP 4.5): the value arrives, writes do not come back.  */

#include <stdlib.h>

int
main (void)
{
  int x = 5, seen = 0;
  double y = 1.5;

#pragma omp target map(from: seen)
  {
    seen = x + (int) (y * 2.0);
    x = 7;
    y = 0.0;
  }

  if (seen != 8 || x != 5 || y != 1.5)
    abort ();
  return 0;
}
