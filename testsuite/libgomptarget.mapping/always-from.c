/* { dg-do run } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   map(always, from:) copies device data back at the end of a region
   even though an enclosing target data keeps it mapped; without always
   the host stays stale until the data is unmapped.  */

#include <stdlib.h>

#define N 50

int
main (void)
{
  int a[N], i;

  for (i = 0; i < N; i++)
    a[i] = i;

#pragma omp target data map(tofrom: a)
  {
#pragma omp target map(tofrom: a)
    for (int j = 0; j < N; j++)
      a[j] = j * 3;

    for (i = 0; i < N; i++)
      if (a[i] != i)
	abort ();

#pragma omp target map(always, from: a)
    {
    }

    for (i = 0; i < N; i++)
      {
	if (a[i] != i * 3)
	  abort ();
	a[i] = -1;
      }
  }

  for (i = 0; i < N; i++)
    if (a[i] != i * 3)
      abort ();
  return 0;
}
