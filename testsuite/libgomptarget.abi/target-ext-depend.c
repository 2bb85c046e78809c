/* { dg-do run } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   A target nowait with depend(out:) followed by a task with depend(in:)
   on the same variable runs in order.  */

#include <stdlib.h>

int
main (void)
{
  int y = 0, seen = -1;

#pragma omp parallel num_threads(2)
#pragma omp single
  {
#pragma omp target nowait depend(out: y) map(tofrom: y)
    y = 41;
#pragma omp task depend(in: y) shared(y, seen)
    seen = y + 1;
#pragma omp taskwait
  }
  if (y != 41 || seen != 42)
    abort ();
  return 0;
}
