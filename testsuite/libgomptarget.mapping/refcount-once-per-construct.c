/* { dg-do run } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   One construct changes the reference count of a mapping at most once,
   even when two clauses (through aliasing pointers) name the same data.  */

#include <stdlib.h>
#include <omp.h>

#define N 8

int
main (void)
{
  int *p = malloc (N * sizeof (int)), *q = p, i;
  int dev = omp_get_default_device ();

  for (i = 0; i < N; i++)
    p[i] = i;

  /* Entered once by one construct naming it twice: one release unmaps.  */
#pragma omp target enter data map(to: p[0:N]) map(to: q[0:N])
#pragma omp target exit data map(release: p[0:N])
  if (omp_target_is_present (p, dev))
    abort ();

  /* Entered twice: one exit data naming it twice leaves it mapped.  */
#pragma omp target enter data map(to: p[0:N])
#pragma omp target enter data map(to: p[0:N])
#pragma omp target
  for (int j = 0; j < N; j++)
    p[j] = 50 + j;
#pragma omp target exit data map(from: p[0:N]) map(from: q[0:N])
  if (!omp_target_is_present (p, dev))
    abort ();
  for (i = 0; i < N; i++)
    if (p[i] != i)
      abort ();
#pragma omp target exit data map(from: p[0:N])
  if (omp_target_is_present (p, dev))
    abort ();
  for (i = 0; i < N; i++)
    if (p[i] != 50 + i)
      abort ();
  free (p);
  return 0;
}
