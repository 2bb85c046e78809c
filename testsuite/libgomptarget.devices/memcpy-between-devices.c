/* { dg-do run } */
/* { dg-set-target-env-var GOMPTARGET_HOST_DEVICES "3" } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   omp_target_memcpy copies directly from memory of device 1 to memory
   of device 2.  */

#include <stdlib.h>
#include <omp.h>

#define N 100

int
main (void)
{
  int host = omp_get_initial_device (), h[N], i;
  int *d1 = omp_target_alloc (N * sizeof (int), 1);
  int *d2 = omp_target_alloc (N * sizeof (int), 2);

  if (d1 == NULL || d2 == NULL)
    abort ();
#pragma omp target device(1) is_device_ptr(d1)
  for (int j = 0; j < N; j++)
    d1[j] = j + 1000;
#pragma omp target device(2) is_device_ptr(d2)
  for (int j = 0; j < N; j++)
    d2[j] = 0;

  if (omp_target_memcpy (d2, d1, N * sizeof (int), 0, 0, 2, 1))
    abort ();
  if (omp_target_memcpy (h, d2, N * sizeof (int), 0, 0, host, 2))
    abort ();
  for (i = 0; i < N; i++)
    if (h[i] != i + 1000)
      abort ();

  /* The rectangular form between devices too.  */
  {
    size_t vol[1] = { 10 }, off2[1] = { 50 }, off1[1] = { 0 }, dim[1] = { N };
#pragma omp target device(2) is_device_ptr(d2)
    for (int j = 0; j < N; j++)
      d2[j] = -1;
    if (omp_target_memcpy_rect (d2, d1, sizeof (int), 1, vol, off2, off1,
				dim, dim, 2, 1))
      abort ();
    if (omp_target_memcpy (h, d2, N * sizeof (int), 0, 0, host, 2))
      abort ();
    for (i = 0; i < N; i++)
      if (h[i] != ((i >= 50 && i < 60) ? i - 50 + 1000 : -1))
	abort ();
  }
  omp_target_free (d1, 1);
  omp_target_free (d2, 2);
  return 0;
}
