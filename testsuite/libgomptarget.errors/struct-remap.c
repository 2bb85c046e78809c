/* { dg-do run } */
/* { dg-output {libgomptarget: Trying to map into device \[[^\n]*\) structure element when other mapped elements from the same structure weren't mapped together with it} } */
/* { dg-gomptarget-exit-status 1 } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   Mapping struct members that were not mapped together with the
   struct's already mapped members is a fatal error (libgomp wording).  */

#include <stdio.h>

struct s { int a; int b; int c; };

int
main (void)
{
  struct s s = { 1, 2, 3 };

#pragma omp target enter data map(to: s.a, s.b)
#pragma omp target map(tofrom: s.a, s.c)
  s.c = s.a;
  printf ("no error\n");
  return 0;
}
