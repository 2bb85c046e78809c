/* { dg-do run } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   A target region's map(from:) of data an enclosing target data maps
   tofrom does not copy back at the region's end (reference count
   still > 0); the target data end does.  */

#include <stdlib.h>

int
main (void)
{
  int a = 1;

#pragma omp target data map(tofrom: a)
  {
#pragma omp target map(from: a)
    a = 5;
    if (a != 1)
      abort ();
  }
  if (a != 5)
    abort ();
  return 0;
}
