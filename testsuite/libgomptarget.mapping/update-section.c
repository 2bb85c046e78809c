/* { dg-do run } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   target update of an array section inside a mapped array copies only
   that section.  */

#include <stdlib.h>

#define N 20

int
main (void)
{
  int a[N], i;

  for (i = 0; i < N; i++)
    a[i] = i;

#pragma omp target enter data map(to: a)
#pragma omp target
  for (int j = 0; j < N; j++)
    a[j] = 100 + j;
#pragma omp target update from(a[4:3])
  for (i = 0; i < N; i++)
    if (a[i] != ((i >= 4 && i < 7) ? 100 + i : i))
      abort ();

  a[10] = -10;
  a[11] = -11;
#pragma omp target update to(a[10:1])
#pragma omp target exit data map(from: a)
  if (a[10] != -10 || a[11] != 111 || a[0] != 100)
    abort ();
  return 0;
}
