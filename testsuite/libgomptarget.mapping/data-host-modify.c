/* { dg-do run } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   While target data maps an array, host writes are not seen by the
   device (no shared memory) until target update to().  */

#include <stdlib.h>

int
main (void)
{
  int a[3] = { 1, 2, 3 }, r = 0;

#pragma omp target data map(tofrom: a)
  {
    a[1] = 20;
#pragma omp target map(from: r)
    r = a[1];
    if (r != 2)
      abort ();
  }
  /* The copy back at the end overwrites the host write.  */
  if (a[1] != 2)
    abort ();
  return 0;
}
