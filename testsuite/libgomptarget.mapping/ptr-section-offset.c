/* { dg-do run } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   An array section that does not start at 0 (p[10:20]) maps exactly
   those elements, at the right offset; host elements outside the
   section are not touched.  */

#include <stdlib.h>

#define N 64

int
main (void)
{
  int *p = malloc (N * sizeof (int)), i, first = 0;

  for (i = 0; i < N; i++)
    p[i] = i;

#pragma omp target map(tofrom: p[10:20]) map(from: first)
  {
    first = p[10];
    for (int j = 10; j < 30; j++)
      p[j] = -p[j];
  }

  if (first != 10)
    abort ();
  for (i = 0; i < N; i++)
    if (p[i] != ((i >= 10 && i < 30) ? -i : i))
      abort ();
  free (p);
  return 0;
}
