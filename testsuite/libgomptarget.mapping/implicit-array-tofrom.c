/* { dg-do run } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   An array used in a region without a map clause is mapped tofrom
   implicitly.  */

#include <stdlib.h>

int
main (void)
{
  int a[100], i;

  for (i = 0; i < 100; i++)
    a[i] = i;

#pragma omp target
  for (int j = 0; j < 100; j++)
    a[j] = a[j] * 2 + 1;

  for (i = 0; i < 100; i++)
    if (a[i] != 2 * i + 1)
      abort ();
  return 0;
}
