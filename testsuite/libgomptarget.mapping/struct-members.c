/* { dg-do run } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   Several members of one struct in one clause set map only those
   members: written members come back, a map(to:) member does not,
   unmapped members keep their host values.  */

#include <stdlib.h>

struct s { int a; double b[4]; int c; long d; };

int
main (void)
{
  struct s s = { 1, { 1, 2, 3, 4 }, 3, 4 };

#pragma omp target map(tofrom: s.a, s.c)
  {
    s.a += 10;
    s.c += 20;
  }
  if (s.a != 11 || s.c != 23 || s.b[0] != 1 || s.d != 4)
    abort ();

#pragma omp target map(to: s.a) map(from: s.d)
  {
    s.d = s.a * 2;
    s.a = 500;
  }
  if (s.a != 11 || s.d != 22)
    abort ();
  return 0;
}
