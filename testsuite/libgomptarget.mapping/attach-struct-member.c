/* { dg-do run } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   map(tofrom: s.q[0:n]) maps the pointee of a struct member pointer
   and attaches the device copy of s.q to it; copying s back restores
   the host pointer; a map(to:) section stays unchanged on the host.

   s itself is mapped explicitly: GCC 12 mapped the whole of s implicitly
   when the region used s.n, GCC 14 maps only the member s.q then, so
   s.n would be read from unmapped device memory.  With map(tofrom: s)
   both compilers emit {s tofrom, pointee tofrom, attach s.q}.  */

#include <stdlib.h>

#define N 40

struct s { int n; int *q; };

int
main (void)
{
  struct s s;
  int i, *orig;

  s.n = 7;
  s.q = orig = malloc (N * sizeof (int));
  for (i = 0; i < N; i++)
    s.q[i] = i;

#pragma omp target map(tofrom: s) map(tofrom: s.q[0:N])
  for (int j = 0; j < N; j++)
    s.q[j] += s.n;

  /* s was mapped tofrom: the copy back must bring the host pointer, not
     the attached device address.  */
  if (s.q != orig || s.n != 7)
    abort ();
  for (i = 0; i < N; i++)
    if (s.q[i] != i + 7)
      abort ();

#pragma omp target map(to: s.q[0:N])
  for (int j = 0; j < N; j++)
    s.q[j] = 0;

  for (i = 0; i < N; i++)
    if (s.q[i] != i + 7)
      abort ();
  free (s.q);
  return 0;
}
