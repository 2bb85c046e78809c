/* { dg-do run } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   Array sections through a pointer (map(tofrom: p[0:n])) translate
   the pointer to the device copy; map(to: p[0:n]) leaves the host
   array untouched.  */

#include <stdlib.h>

int
main (void)
{
  int n = 1000, i;
  int *p = malloc (n * sizeof (int));

  for (i = 0; i < n; i++)
    p[i] = i;

#pragma omp target map(tofrom: p[0:n])
  for (int j = 0; j < n; j++)
    p[j] += 1;
  for (i = 0; i < n; i++)
    if (p[i] != i + 1)
      abort ();

#pragma omp target map(to: p[0:n])
  for (int j = 0; j < n; j++)
    p[j] = 0;
  for (i = 0; i < n; i++)
    if (p[i] != i + 1)
      abort ();
  free (p);
  return 0;
}
