/* { dg-do run } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   use_device_ptr on target data yields the device address of the mapped
   array: it differs from the host pointer and holds the mapped values.  */

#include <stdlib.h>
#include <omp.h>

#define N 64

int
main (void)
{
  int dev = omp_get_default_device (), host = omp_get_initial_device ();
  int *p = malloc (N * sizeof (int)), *dp = NULL, h[N], i;

  for (i = 0; i < N; i++)
    p[i] = i + 1;

#pragma omp target data map(to: p[0:N])
  {
#pragma omp target data use_device_ptr(p)
    dp = p;

    if (dp == NULL || dp == p)
      abort ();
    if (omp_target_memcpy (h, dp, N * sizeof (int), 0, 0, host, dev) != 0)
      abort ();
    for (i = 0; i < N; i++)
      if (h[i] != i + 1)
	abort ();

#pragma omp target is_device_ptr(dp)
    dp[0] = 77;
#pragma omp target update from(p[0:1])
    if (p[0] != 77)
      abort ();
  }
  free (p);
  return 0;
}
