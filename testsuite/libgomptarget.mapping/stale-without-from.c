/* { dg-do run } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   Data mapped without a from direction stays stale on the host: writes
   on the device inside target data map(to:) and enter data map(to:)
   + exit data map(release:) are not copied back.  */

#include <stdlib.h>

#define N 100

int
main (void)
{
  int a[N], b[N], i;

  for (i = 0; i < N; i++)
    a[i] = b[i] = i;

#pragma omp target data map(to: a)
  {
#pragma omp target
    for (int j = 0; j < N; j++)
      a[j] *= 2;
  }
  for (i = 0; i < N; i++)
    if (a[i] != i)
      abort ();

#pragma omp target enter data map(to: b)
#pragma omp target
  for (int j = 0; j < N; j++)
    b[j] = -1;
#pragma omp target exit data map(release: b)
  for (i = 0; i < N; i++)
    if (b[i] != i)
      abort ();
  return 0;
}
