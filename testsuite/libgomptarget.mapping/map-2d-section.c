/* { dg-do run } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   A section of a two-dimensional array (whole rows a[2:3][0:8])
   maps only those rows.  */

#include <stdlib.h>

int a[8][8];

int
main (void)
{
  int i, j;

  for (i = 0; i < 8; i++)
    for (j = 0; j < 8; j++)
      a[i][j] = i * 8 + j;

#pragma omp target map(tofrom: a[2:3][0:8])
  for (int r = 2; r < 5; r++)
    for (int c = 0; c < 8; c++)
      a[r][c] = -a[r][c];

  for (i = 0; i < 8; i++)
    for (j = 0; j < 8; j++)
      if (a[i][j] != ((i >= 2 && i < 5) ? -(i * 8 + j) : i * 8 + j))
	abort ();
  return 0;
}
