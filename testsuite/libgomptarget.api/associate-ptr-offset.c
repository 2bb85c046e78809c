/* { dg-do run } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   omp_target_associate_ptr with a non-zero device_offset associates
   the host data with the memory at that offset.  */

#include <stdlib.h>
#include <omp.h>

int
main (void)
{
  int dev = omp_get_default_device (), host = omp_get_initial_device ();
  int h[4] = { 1, 2, 3, 4 }, back[12], i;
  int *d = omp_target_alloc (12 * sizeof (int), dev);

  if (d == NULL)
    abort ();
#pragma omp target is_device_ptr(d)
  for (int j = 0; j < 12; j++)
    d[j] = 0;
  if (omp_target_associate_ptr (h, d, sizeof h, 8 * sizeof (int), dev))
    abort ();
#pragma omp target update to(h)
#pragma omp target map(tofrom: h)
  h[0] = 99;
  if (omp_target_memcpy (back, d, sizeof back, 0, 0, host, dev))
    abort ();
  for (i = 0; i < 12; i++)
    if (back[i] != (i < 8 ? 0 : i == 8 ? 99 : i - 7))
      abort ();
  if (omp_target_disassociate_ptr (h, dev))
    abort ();
  omp_target_free (d, dev);
  return 0;
}
