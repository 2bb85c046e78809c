/* { dg-do run } */
/* { dg-gomptarget-gcc-min 14 } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   The present modifier as GCC 14 compiles it: map(present, ...) and
   defaultmap(present) of mapped data copy nothing, map(always, present,
   ...) copies, target update to/from(present: ...) copies, and exit data
   map(present, from: ...) copies back on the last reference.  */

#include <stdlib.h>

#define N 8

int
main (void)
{
  int a[N], c[N];

  for (int i = 0; i < N; i++)
    a[i] = i;
#pragma omp target enter data map(to: a) map(alloc: c)
  for (int i = 0; i < N; i++)
    a[i] = -1;
#pragma omp target map(present, to: a) map(present, alloc: c)
  for (int i = 0; i < N; i++)
    c[i] = a[i] * 2;
#pragma omp target update from(present: c)
  for (int i = 0; i < N; i++)
    if (c[i] != 2 * i)
      abort ();

#pragma omp target map(always, present, to: a) map(always, present, from: c)
  for (int i = 0; i < N; i++)
    c[i] = a[i];
  for (int i = 0; i < N; i++)
    if (c[i] != -1)
      abort ();

  for (int i = 0; i < N; i++)
    a[i] = 100 + i;
#pragma omp target update to(present: a)
#pragma omp target defaultmap(present)
  for (int i = 0; i < N; i++)
    a[i]++;
  for (int i = 0; i < N; i++)
    if (a[i] != 100 + i)
      abort ();
#pragma omp target exit data map(present, from: a) map(release: c)
  for (int i = 0; i < N; i++)
    if (a[i] != 101 + i)
      abort ();
  return 0;
}
