/* { dg-do run } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   omp_target_associate_ptr makes host data present with the given
   device memory; regions use that memory without copying; exit data
   never unmaps it; omp_target_disassociate_ptr removes it.  */

#include <stdlib.h>
#include <omp.h>

#define N 32

int
main (void)
{
  int dev = omp_get_default_device (), host = omp_get_initial_device ();
  int h[N], back[N], i;
  int *d = omp_target_alloc (N * sizeof (int), dev);

  if (d == NULL)
    abort ();
  for (i = 0; i < N; i++)
    {
      h[i] = i;
      back[i] = -1;
    }
#pragma omp target is_device_ptr(d)
  for (int j = 0; j < N; j++)
    d[j] = 500 + j;

  if (omp_target_associate_ptr (h, d, sizeof h, 0, dev))
    abort ();
  if (!omp_target_is_present (h, dev))
    abort ();

  /* Present: no copy in (device sees 500+j), no copy back.  */
#pragma omp target map(tofrom: h)
  for (int j = 0; j < N; j++)
    h[j] += 1;
  for (i = 0; i < N; i++)
    if (h[i] != i)
      abort ();

#pragma omp target exit data map(delete: h)
  if (!omp_target_is_present (h, dev))
    abort ();

  if (omp_target_memcpy (back, d, sizeof back, 0, 0, host, dev))
    abort ();
  for (i = 0; i < N; i++)
    if (back[i] != 501 + i)
      abort ();

  if (omp_target_disassociate_ptr (h, dev))
    abort ();
  if (omp_target_is_present (h, dev))
    abort ();
  omp_target_free (d, dev);
  return 0;
}
