/* { dg-do run } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   map(tofrom:) copies scalars, arrays and a whole struct in and
   out again.  */

#include <stdlib.h>

struct pt { int x; double y; char tag[8]; };

int
main (void)
{
  int n = 5, a[32], i;
  struct pt p = { 1, 2.5, "abc" };

  for (i = 0; i < 32; i++)
    a[i] = i;

#pragma omp target map(tofrom: n, a, p)
  {
    n *= 2;
    for (int j = 0; j < 32; j++)
      a[j] += n;
    p.x += 10;
    p.y *= 2.0;
    p.tag[0] = 'z';
  }

  if (n != 10)
    abort ();
  for (i = 0; i < 32; i++)
    if (a[i] != i + 10)
      abort ();
  if (p.x != 11 || p.y != 5.0 || p.tag[0] != 'z' || p.tag[1] != 'b')
    abort ();
  return 0;
}
