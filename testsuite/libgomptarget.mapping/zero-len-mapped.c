/* { dg-do run } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   A zero-length array section p[0:0] whose pointee is mapped
   translates p to the device copy (the region sees device values,
   not later host changes).  */

#include <stdlib.h>

#define N 10

int a[N];

int
main (void)
{
  int *p = a, v = 0, i;

  for (i = 0; i < N; i++)
    a[i] = i;

#pragma omp target enter data map(to: a)
  a[3] = 999;

#pragma omp target map(p[0:0]) map(from: v)
  v = p[3];

  if (v != 3)
    abort ();
#pragma omp target exit data map(delete: a)
  return 0;
}
