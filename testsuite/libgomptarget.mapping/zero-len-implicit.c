/* { dg-do run } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   A pointer used in a region without a map clause is an implicit
   zero-length section: when its pointee is mapped the device sees
   the device copy, and writes go to it.  */

#include <stdlib.h>

#define N 20

int
main (void)
{
  int *p = malloc (N * sizeof (int)), v = 0, i;

  for (i = 0; i < N; i++)
    p[i] = i;

#pragma omp target enter data map(to: p[0:N])
  p[4] = -4;

#pragma omp target map(from: v)
  {
    v = p[4];
    p[5] = 55;
  }

  if (v != 4 || p[5] != 5)
    abort ();
#pragma omp target exit data map(from: p[0:N])
  if (p[4] != 4 || p[5] != 55)
    abort ();
  free (p);
  return 0;
}
