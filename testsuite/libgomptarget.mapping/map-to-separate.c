/* { dg-do run } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   map(to:) copies host values to the device, and changes made on the
   device to a map(to:) variable never reach the host (separate memory).  */

#include <stdlib.h>

int
main (void)
{
  int x = 1, a[8], seen = 0, i;

  for (i = 0; i < 8; i++)
    a[i] = i;

#pragma omp target map(to: x, a) map(from: seen)
  {
    seen = x + a[7];
    x = 100;
    a[7] = 100;
  }

  if (seen != 8)
    abort ();
  if (x != 1 || a[7] != 7)
    abort ();
  return 0;
}
