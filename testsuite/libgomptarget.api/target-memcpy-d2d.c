/* { dg-do run } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   omp_target_memcpy between two blocks of the same device.  */

#include <stdlib.h>
#include <omp.h>

#define N 128

int
main (void)
{
  int dev = omp_get_default_device (), host = omp_get_initial_device ();
  int *d1 = omp_target_alloc (N * sizeof (int), dev);
  int *d2 = omp_target_alloc (N * sizeof (int), dev);
  int h[N], i;

  if (d1 == NULL || d2 == NULL)
    abort ();
#pragma omp target is_device_ptr(d1, d2)
  for (int j = 0; j < N; j++)
    {
      d1[j] = j * 7;
      d2[j] = 0;
    }
  if (omp_target_memcpy (d2, d1, N * sizeof (int), 0, 0, dev, dev))
    abort ();
  if (omp_target_memcpy (h, d2, N * sizeof (int), 0, 0, host, dev))
    abort ();
  for (i = 0; i < N; i++)
    if (h[i] != i * 7)
      abort ();
  omp_target_free (d1, dev);
  omp_target_free (d2, dev);
  return 0;
}
