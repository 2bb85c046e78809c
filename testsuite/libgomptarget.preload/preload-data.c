/* { dg-do run } */
/* { dg-gomptarget-preload "unmodified binary" } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   Under LD_PRELOAD, target data, enter/exit data and target update
   work on the emulated device (stale host data until update from).  */

#include <stdlib.h>
#include <omp.h>

#define N 32

int a[N];

int
main (void)
{
  int i, dev = omp_get_default_device ();

  for (i = 0; i < N; i++)
    a[i] = i;
#pragma omp target enter data map(to: a)
  if (!omp_target_is_present (a, dev))
    abort ();
#pragma omp target
  for (int j = 0; j < N; j++)
    a[j] *= 2;
  if (a[3] != 3)
    abort ();
#pragma omp target update from(a)
  if (a[3] != 6)
    abort ();
#pragma omp target data map(tofrom: a)
  {
#pragma omp target
    a[0] = 77;
  }
  if (a[0] != 0)
    abort ();
#pragma omp target exit data map(from: a)
  if (a[0] != 77 || a[31] != 62)
    abort ();
  return 0;
}
