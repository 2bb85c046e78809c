/* missing-map.c -- a region writes an array that is mapped "to" only.
   Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   Build: gcc -fopenmp -foffload=disable missing-map.c -lgomptarget
   Run: ./a.out
   Build: gcc -fopenmp -foffload=disable missing-map.c
   Run: ./a.out
   Output: missing-map-libgomp.out  */

#include <stdio.h>

int
main (void)
{
  int a[3] = { 1, 2, 3 };

  /* Wrong: the results stay on the device, "tofrom" was meant.  */
#pragma omp target map(to: a)
  for (int i = 0; i < 3; i++)
    a[i] = 10 * a[i];

  printf ("a = %d %d %d\n", a[0], a[1], a[2]);
  return 0;
}
