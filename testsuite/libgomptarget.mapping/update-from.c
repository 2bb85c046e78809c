/* { dg-do run } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   target update from() copies device values to the host while the
   data stays mapped.  */

#include <stdlib.h>

#define N 10

int
main (void)
{
  int a[N], i;

  for (i = 0; i < N; i++)
    a[i] = 0;

#pragma omp target data map(alloc: a)
  {
#pragma omp target
    for (int j = 0; j < N; j++)
      a[j] = j + 1;
    if (a[0] != 0)
      abort ();
#pragma omp target update from(a)
    for (i = 0; i < N; i++)
      if (a[i] != i + 1)
	abort ();
    a[0] = -5;
  }
  /* map(alloc:) copies nothing back.  */
  if (a[0] != -5)
    abort ();
  return 0;
}
