/* { dg-do run } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   A zero-length array section p[0:0] whose pointee is not mapped gives
   the region a NULL pointer in a program built by GCC 12 or 13, as their
   libgomp does, and the host pointer unchanged in one built by GCC 14
   (OpenMP 5.2, libgomp 14); both for an explicit p[0:0] and for a pointer
   used without a map clause.  */

#include <stdlib.h>

int
main (void)
{
  int *p = malloc (4 * sizeof (int));
  int *seen1 = (int *) 1, *seen2 = (int *) 1;
#if __GNUC__ >= 14
  int *expected = p;
#else
  int *expected = NULL;
#endif

#pragma omp target map(p[0:0]) map(from: seen1)
  seen1 = p;

#pragma omp target map(from: seen2)
  seen2 = p;

  if (seen1 != expected || seen2 != expected)
    abort ();
  if (p == NULL)
    abort ();
  free (p);
  return 0;
}
