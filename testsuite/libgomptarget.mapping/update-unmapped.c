/* { dg-do run } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   target update of data that is not mapped is silently ignored:
   no error, and from() does not change the host.  */

#include <stdlib.h>

int
main (void)
{
  int a = 1, b[3] = { 7, 8, 9 };

#pragma omp target update to(a)
#pragma omp target update from(b)
#pragma omp target update from(a) to(b[1:1])
  if (a != 1 || b[0] != 7 || b[1] != 8 || b[2] != 9)
    abort ();
  return 0;
}
