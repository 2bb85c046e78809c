/* { dg-do run } */
/* { dg-gomptarget-gcc-min 13 } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   omp_in_explicit_task (OpenMP 5.2, libgomp 13 and later) is false in a
   target region, even one encountered in an explicit task, with or
   without nowait, on the host thread or in a team; true again after it.
   (GCC 14's libgomp.c-c++-common/task-in-explicit-2.c.)  */

#include <omp.h>
#include <stdlib.h>

int
main (void)
{
  int r1 = -1, r2 = -1, r3 = -1, after = -1;

#pragma omp task shared(r1, r2, after)
  {
#pragma omp target nowait map(from: r1)
    r1 = omp_in_explicit_task ();
    after = omp_in_explicit_task ();
#pragma omp taskwait
#pragma omp target map(from: r2)
    r2 = omp_in_explicit_task ();
  }
#pragma omp taskwait
  if (r1 != 0 || r2 != 0 || after != 1)
    abort ();

#pragma omp parallel num_threads(3)
#pragma omp single
#pragma omp task shared(r3)
  {
#pragma omp target nowait map(from: r3)
    r3 = omp_in_explicit_task ();
#pragma omp taskwait
  }
  if (r3 != 0)
    abort ();
  return 0;
}
