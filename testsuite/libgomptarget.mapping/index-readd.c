/* { dg-do run } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   A key removed from the table leaves the index of exact starts: mapped
   again at the same start with another length, the object is found with
   its new length and device copy, never the old key.  */

#include <omp.h>
#include <stdlib.h>

void *omp_get_mapped_ptr (const void *, int);

#define N 1024

int a[N];

int
main (void)
{
  int dev = omp_get_default_device ();
  int len, v;

  if (omp_get_num_devices () == 0 || dev == omp_get_initial_device ())
    return 0;
  for (len = 1; len <= N; len = len * 3 / 2 + 1)
    {
      for (int i = 0; i < N; i++)
	a[i] = i + len;
#pragma omp target enter data map(to: a[0:len])
      if (!omp_target_is_present (&a[len - 1], dev)
	  || (len < N && omp_target_is_present (&a[len], dev)))
	abort ();
      a[0] = -1;
      a[len - 1] = -1;
      v = 0;
#pragma omp target map(tofrom: a[0:len]) map(from: v)
      v = a[0] + a[len - 1];
      if (v != len + (len - 1 + len))
	abort ();
#pragma omp target exit data map(release: a[0:len])
      if (omp_target_is_present (a, dev) || omp_get_mapped_ptr (a, dev))
	abort ();
    }
  return 0;
}
