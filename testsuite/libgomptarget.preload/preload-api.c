/* { dg-do run } */
/* { dg-gomptarget-preload "unmodified binary" } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   Under LD_PRELOAD the device memory routines (omp_target_alloc,
   omp_target_memcpy, omp_target_free) of libgomptarget are used.  */

#include <stdlib.h>
#include <omp.h>

int
main (void)
{
  int dev = omp_get_default_device (), host = omp_get_initial_device ();
  int h[8] = { 1, 2, 3, 4, 5, 6, 7, 8 }, back[8], i, initial = -1;
  int *d = omp_target_alloc (sizeof h, dev);

  if (d == NULL || host != 1)
    abort ();
  if (omp_target_memcpy (d, h, sizeof h, 0, 0, dev, host))
    abort ();
#pragma omp target is_device_ptr(d) map(from: initial)
  {
    for (int j = 0; j < 8; j++)
      d[j] *= 10;
    initial = omp_is_initial_device ();
  }
  if (omp_target_memcpy (back, d, sizeof back, 0, 0, host, dev))
    abort ();
  for (i = 0; i < 8; i++)
    if (back[i] != 10 * (i + 1) || h[i] != i + 1)
      abort ();
  if (initial != 0)
    abort ();
  omp_target_free (d, dev);
  return 0;
}
