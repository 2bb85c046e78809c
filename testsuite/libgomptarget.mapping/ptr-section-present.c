/* { dg-do run } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   A section inside data that is already mapped is not copied again:
   the region sees the device values, and at its end nothing is copied
   back while the outer mapping lives.  */

#include <stdlib.h>

#define N 100

int a[N];

int
main (void)
{
  int *p = a + 5, i, sum = 0;

  for (i = 0; i < N; i++)
    a[i] = i;

#pragma omp target enter data map(to: a)
#pragma omp target
  for (int j = 0; j < N; j++)
    a[j] = 2 * j;

#pragma omp target map(tofrom: p[0:10]) map(from: sum)
  {
    int s = 0;
    for (int j = 0; j < 10; j++)
      {
	s += p[j];
	p[j] = 1000;
      }
    sum = s;
  }

  /* Device values are 2*j for j in 5..14.  */
  if (sum != 2 * (5 + 14) * 10 / 2)
    abort ();
  for (i = 0; i < N; i++)
    if (a[i] != i)
      abort ();

#pragma omp target exit data map(from: a)
  for (i = 0; i < N; i++)
    if (a[i] != ((i >= 5 && i < 15) ? 1000 : 2 * i))
      abort ();
  return 0;
}
