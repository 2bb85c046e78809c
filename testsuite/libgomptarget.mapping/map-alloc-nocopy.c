/* { dg-do run } */
/* { dg-gomptarget-no-wrapper "reads uninitialised device memory on purpose" } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   map(alloc:) neither copies host data to the device nor copies device
   data back to the host.  */

#include <stdlib.h>

#define N 4096

int a[N];

int
main (void)
{
  int i, matches = -1;

  for (i = 0; i < N; i++)
    a[i] = 0x3c3c0000 + i;

#pragma omp target map(alloc: a) map(from: matches)
  {
    int m = 0;
    for (int j = 0; j < N; j++)
      m += a[j] == 0x3c3c0000 + j;
    matches = m;
    for (int j = 0; j < N; j++)
      a[j] = -7;
  }

  if (matches == N)
    abort ();
  for (i = 0; i < N; i++)
    if (a[i] != 0x3c3c0000 + i)
      abort ();
  return 0;
}
