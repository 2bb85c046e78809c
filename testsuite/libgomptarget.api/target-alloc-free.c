/* { dg-do run } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   omp_target_alloc returns device memory usable in a region;
   omp_target_free releases it; omp_target_free(NULL) is a no-op;
   omp_target_alloc of 0 bytes returns something omp_target_free
   accepts.  */

#include <stdlib.h>
#include <omp.h>

int
main (void)
{
  int dev = omp_get_default_device (), ok = 0;
  char *d = omp_target_alloc (1024, dev);
  void *z;

  if (d == NULL)
    abort ();
#pragma omp target is_device_ptr(d) map(from: ok)
  {
    for (int j = 0; j < 1024; j++)
      d[j] = (char) j;
    ok = d[1023] == (char) 1023;
  }
  if (!ok)
    abort ();
  omp_target_free (d, dev);
  omp_target_free (NULL, dev);
  omp_target_free (NULL, omp_get_initial_device ());
  z = omp_target_alloc (0, dev);
  omp_target_free (z, dev);
  return 0;
}
