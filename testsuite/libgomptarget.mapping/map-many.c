/* { dg-do run } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   Many variables of different directions and sizes in one construct
   are each mapped correctly.  */

#include <stdlib.h>

int
main (void)
{
  char c1[3] = { 1, 2, 3 };
  short s1[5] = { 1, 2, 3, 4, 5 };
  int i1 = 10, i2 = 20, i3 = 0, i4[7];
  long l1 = 1L << 40;
  double d1[9], d2 = 0.0;
  float f1 = 2.0f;
  int k;

  for (k = 0; k < 7; k++)
    i4[k] = k;
  for (k = 0; k < 9; k++)
    d1[k] = k * 0.5;

#pragma omp target map(to: c1, s1, i1, l1, f1) map(tofrom: i2, i4, d1) \
		   map(from: i3, d2)
  {
    i3 = c1[2] + s1[4] + i1;
    i2 += (int) (l1 >> 40);
    for (int j = 0; j < 7; j++)
      i4[j] *= 2;
    d2 = 0.0;
    for (int j = 0; j < 9; j++)
      d2 += d1[j];
    d1[8] = f1;
  }

  if (i3 != 18 || i2 != 21 || d2 != 18.0 || d1[8] != 2.0 || d1[7] != 3.5)
    abort ();
  for (k = 0; k < 7; k++)
    if (i4[k] != 2 * k)
      abort ();
  return 0;
}
