/* { dg-do run } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   Two pointers into disjoint sections of one array map independently;
   both are translated to their own device copy.  */

#include <stdlib.h>

#define N 40

int
main (void)
{
  int *base = malloc (N * sizeof (int)), *lo = base, *hi = base + N / 2, i;

  for (i = 0; i < N; i++)
    base[i] = i;

#pragma omp target map(tofrom: lo[0:N/2]) map(to: hi[0:N/2])
  for (int j = 0; j < N / 2; j++)
    {
      lo[j] = lo[j] + hi[j];
      hi[j] = 0;
    }

  for (i = 0; i < N / 2; i++)
    if (base[i] != 2 * i + N / 2 || base[N / 2 + i] != N / 2 + i)
      abort ();
  free (base);
  return 0;
}
