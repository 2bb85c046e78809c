/* { dg-do run } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   exit data of data that was never mapped is ignored: no error,
   the host value is unchanged.  */

#include <stdlib.h>

int
main (void)
{
  int a = 3, b[4] = { 1, 2, 3, 4 };

#pragma omp target exit data map(from: a) map(release: b)
#pragma omp target exit data map(delete: a, b)
  if (a != 3 || b[3] != 4)
    abort ();
  return 0;
}
