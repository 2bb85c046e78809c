/* { dg-do run } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   target parallel for with a reduction and an array result runs
   correctly on the device.  */

#include <stdlib.h>
#include <omp.h>

#define N 4096

int a[N];

int
main (void)
{
  double sum = 0.0;
  int i;

#pragma omp target parallel for map(from: a) reduction(+: sum)
  for (int j = 0; j < N; j++)
    {
      a[j] = j * 2;
      sum += 0.5;
    }
  if (sum != N * 0.5)
    abort ();
  for (i = 0; i < N; i++)
    if (a[i] != 2 * i)
      abort ();
  return 0;
}
