/* { dg-do run } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   Scalars passed by value (firstprivate_int: char, short, int, long,
   pointer-sized, negative values) and a double (firstprivate) arrive
   intact; writes stay private.  */

#include <stdlib.h>
#include <stdint.h>

int
main (void)
{
  char c = -3;
  short s = -30000;
  int i = 0x7fffffff;
  long l = -0x123456789aL;
  unsigned long long u = 0xfedcba9876543210ULL;
  uintptr_t up = (uintptr_t) &i;
  double d = 3.25;
  int ok = 0;

#pragma omp target firstprivate(c, s, i, l, u, up, d) map(from: ok)
  {
    ok = c == -3 && s == -30000 && i == 0x7fffffff && l == -0x123456789aL
	 && u == 0xfedcba9876543210ULL && d == 3.25;
    ok = ok && up != 0;
    c = 0; s = 0; i = 0; l = 0; u = 0; d = 0;
  }

  if (!ok)
    abort ();
  if (c != -3 || s != -30000 || i != 0x7fffffff || l != -0x123456789aL
      || u != 0xfedcba9876543210ULL || d != 3.25 || up != (uintptr_t) &i)
    abort ();
  return 0;
}
