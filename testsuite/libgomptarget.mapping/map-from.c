/* { dg-do run } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   map(from:) copies device results back to the host at the end of
   the region.  */

#include <stdlib.h>

#define N 64

int
main (void)
{
  int a[N], x = 0, i;

  for (i = 0; i < N; i++)
    a[i] = -1;

#pragma omp target map(from: a, x)
  {
    for (int j = 0; j < N; j++)
      a[j] = j * 3;
    x = 42;
  }

  for (i = 0; i < N; i++)
    if (a[i] != i * 3)
      abort ();
  if (x != 42)
    abort ();
  return 0;
}
