/* { dg-do run } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   map(always, to:) copies again while the data is present; a plain
   map(to:) of present data does not.  */

#include <stdlib.h>

int
main (void)
{
  int v = 1, r1 = 0, r2 = 0, r3 = 0;

#pragma omp target data map(to: v)
  {
    v = 2;
#pragma omp target map(to: v) map(from: r1)
    r1 = v;
#pragma omp target map(always, to: v) map(from: r2)
    r2 = v;
    v = 3;
#pragma omp target map(to: v) map(from: r3)
    r3 = v;
  }

  if (r1 != 1)
    abort ();
  if (r2 != 2)
    abort ();
  if (r3 != 2)
    abort ();
  return 0;
}
