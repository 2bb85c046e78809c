/* { dg-do run } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   use_device_addr on target data makes the array name refer to the
   device copy inside the construct.  */

#include <stdlib.h>
#include <omp.h>

#define N 32

int a[N];

int
main (void)
{
  int dev = omp_get_default_device (), host = omp_get_initial_device ();
  int *da = NULL, h[N], i;

  for (i = 0; i < N; i++)
    a[i] = 3 * i;

#pragma omp target data map(to: a)
  {
#pragma omp target data use_device_addr(a)
    da = &a[0];

    if (da == NULL || da == &a[0])
      abort ();
    if (omp_target_memcpy (h, da, sizeof (a), 0, 0, host, dev) != 0)
      abort ();
    for (i = 0; i < N; i++)
      if (h[i] != 3 * i)
	abort ();
  }
  return 0;
}
