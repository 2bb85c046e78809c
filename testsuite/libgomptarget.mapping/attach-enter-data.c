/* { dg-do run } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   OpenMP 5 implicit attach on enter data: entering s.q[0:n] after s
   attaches the device s.q; exit data detaches it again, so copying
   s back restores the host pointer, not a device address.  */

#include <stdlib.h>

#define N 32

struct s { int *q; int n; };

int
main (void)
{
  struct s s;
  int *orig, i;

  s.n = N;
  s.q = orig = malloc (N * sizeof (int));
  for (i = 0; i < N; i++)
    s.q[i] = i;

#pragma omp target enter data map(to: s)
#pragma omp target enter data map(to: s.q[0:N])

#pragma omp target
  for (int j = 0; j < s.n; j++)
    s.q[j] *= 2;

  for (i = 0; i < N; i++)
    if (orig[i] != i)
      abort ();

#pragma omp target exit data map(from: s.q[0:N])
  for (i = 0; i < N; i++)
    if (orig[i] != 2 * i)
      abort ();

#pragma omp target exit data map(from: s)
  if (s.q != orig || s.n != N)
    abort ();
  free (orig);
  return 0;
}
