/* { dg-do run } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   The p->q[0:n] style: a struct reached through a pointer is mapped
   and its member pointer attached to the mapped section.  */

#include <stdlib.h>

#define N 24

struct s { int *q; int n; };

int
main (void)
{
  struct s obj, *sp = &obj;
  int i;

  obj.n = N;
  obj.q = malloc (N * sizeof (int));
  for (i = 0; i < N; i++)
    obj.q[i] = i;

#pragma omp target map(to: sp[0:1]) map(tofrom: sp->q[0:N])
  for (int j = 0; j < sp->n; j++)
    sp->q[j] *= 3;

  for (i = 0; i < N; i++)
    if (obj.q[i] != 3 * i)
      abort ();
  if (obj.q == NULL || obj.n != N)
    abort ();
  free (obj.q);
  return 0;
}
