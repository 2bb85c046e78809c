/* { dg-do run } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   While attached, the device copy of a struct member pointer holds
   a device address (not the host one); after exit data detaches it,
   it holds the host pointer value again.  */

#include <stdlib.h>
#include <stdint.h>

#define N 16

struct s { int n; int *q; };

int
main (void)
{
  struct s s;
  uintptr_t dv1 = 0, dv2 = 0;

  s.n = N;
  s.q = calloc (N, sizeof (int));

#pragma omp target enter data map(to: s)
#pragma omp target enter data map(to: s.q[0:N])
#pragma omp target map(from: dv1)
  dv1 = (uintptr_t) s.q;
#pragma omp target exit data map(release: s.q[0:N])
#pragma omp target map(from: dv2)
  dv2 = (uintptr_t) s.q;
#pragma omp target exit data map(release: s)

  if (dv1 == (uintptr_t) s.q || dv1 == 0)
    abort ();
  if (dv2 != (uintptr_t) s.q)
    abort ();
  free (s.q);
  return 0;
}
