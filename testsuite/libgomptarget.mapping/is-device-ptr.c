/* { dg-do run } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   is_device_ptr passes memory from omp_target_alloc unchanged into
   the region; the results are read back with omp_target_memcpy.  */

#include <stdlib.h>
#include <omp.h>

#define N 256

int
main (void)
{
  int dev = omp_get_default_device (), host = omp_get_initial_device ();
  int *d = omp_target_alloc (N * sizeof (int), dev), h[N], i;

  if (d == NULL)
    abort ();

#pragma omp target is_device_ptr(d) device(dev)
  for (int j = 0; j < N; j++)
    d[j] = j * j;

  for (i = 0; i < N; i++)
    h[i] = -1;
  if (omp_target_memcpy (h, d, N * sizeof (int), 0, 0, host, dev) != 0)
    abort ();
  for (i = 0; i < N; i++)
    if (h[i] != i * i)
      abort ();
  omp_target_free (d, dev);
  return 0;
}
