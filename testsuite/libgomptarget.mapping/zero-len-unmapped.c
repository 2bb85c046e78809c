/* { dg-do run } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   A zero-length array section p[0:0] whose pointee is not mapped
   gives a NULL pointer on the device (libgomp behaviour), both for
   an explicit p[0:0] and for a pointer used without a map clause.  */

#include <stdlib.h>

int
main (void)
{
  int *p = malloc (4 * sizeof (int));
  int null1 = 0, null2 = 0;

#pragma omp target map(p[0:0]) map(from: null1)
  null1 = p == NULL;

#pragma omp target map(from: null2)
  null2 = p == NULL;

  if (!null1 || !null2)
    abort ();
  if (p == NULL)
    abort ();
  free (p);
  return 0;
}
