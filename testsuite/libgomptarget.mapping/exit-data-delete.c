/* { dg-do run } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   exit data map(delete:) removes the data whatever its reference count,
   without copying it back.  */

#include <stdlib.h>
#include <omp.h>

#define N 32

int a[N];

int
main (void)
{
  int dev = omp_get_default_device (), i;

  for (i = 0; i < N; i++)
    a[i] = i;

#pragma omp target enter data map(to: a)
#pragma omp target enter data map(to: a)
#pragma omp target
  for (int j = 0; j < N; j++)
    a[j] += 100;

  if (!omp_target_is_present (a, dev))
    abort ();
#pragma omp target exit data map(delete: a)
  if (omp_target_is_present (a, dev))
    abort ();
  for (i = 0; i < N; i++)
    if (a[i] != i)
      abort ();
  return 0;
}
