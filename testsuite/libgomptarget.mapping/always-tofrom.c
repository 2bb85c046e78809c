/* { dg-do run } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   map(always, tofrom:) copies in and out although target data already
   maps the variable with alloc.  */

#include <stdlib.h>

int
main (void)
{
  int v = 0;

#pragma omp target data map(alloc: v)
  {
    v = 5;
#pragma omp target map(always, tofrom: v)
    v += 1;
    if (v != 6)
      abort ();
#pragma omp target map(tofrom: v)
    v += 10;
    if (v != 6)
      abort ();
  }
  if (v != 6)
    abort ();
  return 0;
}
