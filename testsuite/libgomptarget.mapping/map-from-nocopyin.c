/* { dg-do run } */
/* { dg-gomptarget-no-wrapper "reads uninitialised device memory on purpose" } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   map(from:) does not copy the host values to the device: the device
   copy of a freshly mapped from-array does not hold the host's pattern.  */

#include <stdlib.h>

#define N 4096

int a[N];

int
main (void)
{
  int i, matches = -1;

  for (i = 0; i < N; i++)
    a[i] = 0x5a5a0000 + i;

#pragma omp target map(from: a) map(from: matches)
  {
    int m = 0;
    for (int j = 0; j < N; j++)
      m += a[j] == 0x5a5a0000 + j;
    matches = m;
    for (int j = 0; j < N; j++)
      a[j] = j;
  }

  /* Every element equal to the host pattern means the data was copied in.  */
  if (matches == N)
    abort ();
  for (i = 0; i < N; i++)
    if (a[i] != i)
      abort ();
  return 0;
}
