/* { dg-do run } */
/* { dg-final { gomptarget-output-excludes {gomptarget} } } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   Without GOMP_DEBUG the runtime prints nothing.  */

#include <stdlib.h>

int
main (void)
{
  int x = 0;

#pragma omp target enter data map(to: x)
#pragma omp target map(tofrom: x)
  x = 1;
#pragma omp target exit data map(from: x)
  if (x != 1)
    abort ();
  return 0;
}
