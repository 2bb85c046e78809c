/* { dg-do run } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   Struct members entered together by enter data are found again by
   a later region naming the same members, and copied back by exit data.  */

#include <stdlib.h>
#include <omp.h>

struct s { int a; char pad[100]; int c; };

int
main (void)
{
  struct s s;
  int dev = omp_get_default_device ();

  s.a = 1;
  s.c = 2;
#pragma omp target enter data map(to: s.a, s.c)
  if (!omp_target_is_present (&s.a, dev) || !omp_target_is_present (&s.c, dev))
    abort ();
  s.a = 100;

#pragma omp target map(tofrom: s.a, s.c)
  {
    s.c = s.a + 40;
  }
  if (s.c != 2 || s.a != 100)
    abort ();

#pragma omp target exit data map(from: s.a, s.c)
  if (s.a != 1 || s.c != 41)
    abort ();
  return 0;
}
