/* { dg-do run } */
/* { dg-gomptarget-preload "unmodified binary" } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   Under LD_PRELOAD the device memory is separate: a map(to:)
   variable changed in the region keeps its host value; map(from:)
   results arrive.  */

#include <stdlib.h>

int
main (void)
{
  int x = 1, a[10], i;

#pragma omp target map(to: x) map(from: a)
  {
    for (int j = 0; j < 10; j++)
      a[j] = x + j;
    x = 100;
  }
  if (x != 1)
    abort ();
  for (i = 0; i < 10; i++)
    if (a[i] != 1 + i)
      abort ();
  return 0;
}
