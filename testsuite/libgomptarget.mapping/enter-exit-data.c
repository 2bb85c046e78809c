/* { dg-do run } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   Unstructured mapping: enter data map(to:), work in two regions,
   exit data map(from:) copies the result back.  */

#include <stdlib.h>

#define N 128

double x[N], y[N];

int
main (void)
{
  int i;

  for (i = 0; i < N; i++)
    {
      x[i] = i;
      y[i] = 1.0;
    }

#pragma omp target enter data map(to: x, y)
#pragma omp target
  for (int j = 0; j < N; j++)
    y[j] += 2.0 * x[j];
#pragma omp target
  for (int j = 0; j < N; j++)
    y[j] += 1.0;
  if (y[5] != 1.0)
    abort ();
#pragma omp target exit data map(from: y) map(release: x)

  for (i = 0; i < N; i++)
    if (y[i] != 2.0 + 2.0 * i)
      abort ();
  return 0;
}
