/* { dg-do run } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   Nested target data: an inner map(from:) of data the outer construct
   already maps copies nothing at the inner end; the outer end copies
   back.  */

#include <stdlib.h>

int
main (void)
{
  int a = 0, b = 0;

#pragma omp target data map(tofrom: a)
  {
#pragma omp target data map(from: a) map(tofrom: b)
    {
#pragma omp target map(tofrom: a, b)
      {
	a = 1;
	b = 2;
      }
    }
    /* b was only mapped by the inner construct: copied back.  */
    if (b != 2)
      abort ();
    if (a != 0)
      abort ();
  }
  if (a != 1)
    abort ();
  return 0;
}
