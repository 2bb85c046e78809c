/* { dg-do run } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   A nowait target encountered in a final task (so executed at once, as
   an included task) runs its region as the device's initial task, which
   is not final; the encountering task stays final.  (GCC 12.3's
   libgomp.c/task-7.c.)  Also for a nowait target in a deferred task of a
   team, and a region without nowait in a final task.  */

#include <omp.h>
#include <stdlib.h>

int
main (void)
{
  int in_final = -1, initial = -1, after = -1, plain = -1;

#pragma omp task final(1) shared(in_final, initial, after, plain)
  {
#pragma omp task shared(in_final, initial, after, plain)
    {
#pragma omp target nowait map(from: in_final, initial)
      {
	in_final = omp_in_final ();
	initial = omp_is_initial_device ();
      }
      after = omp_in_final ();
#pragma omp taskwait
#pragma omp target map(from: plain)
      plain = omp_in_final ();
    }
  }
  if (in_final != 0 || initial != 0 || after != 1 || plain != 0)
    abort ();

  in_final = -1;
#pragma omp parallel num_threads(2)
#pragma omp single
  {
#pragma omp task final(1) shared(in_final)
    {
#pragma omp target nowait map(from: in_final)
      in_final = omp_in_final ();
#pragma omp taskwait
    }
  }
  if (in_final != 0)
    abort ();
  return 0;
}
