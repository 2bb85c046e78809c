/* { dg-do run } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   A target nowait region completes by the following taskwait with
   the right results (several regions in flight).  */

#include <stdlib.h>

#define N 1000

int a[N], b[N], c[N];

int
main (void)
{
  int i;

  for (i = 0; i < N; i++)
    a[i] = b[i] = c[i] = i;

#pragma omp target nowait map(tofrom: a)
  for (int j = 0; j < N; j++)
    a[j] += 1;
#pragma omp target nowait map(tofrom: b)
  for (int j = 0; j < N; j++)
    b[j] *= 2;
#pragma omp target teams distribute parallel for nowait map(tofrom: c)
  for (int j = 0; j < N; j++)
    c[j] = -c[j];
#pragma omp taskwait

  for (i = 0; i < N; i++)
    if (a[i] != i + 1 || b[i] != 2 * i || c[i] != -i)
      abort ();
  return 0;
}
