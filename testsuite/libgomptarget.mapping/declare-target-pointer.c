/* { dg-do run } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   A declare target pointer is the host's own pointer in the host code
   the emulated device runs: an array section mapped through it
   (map(gp[:N]), which attaches gp) is reached through the host pointer,
   so the writes of the region stay, and gp itself is not changed into a
   device address.  */

#include <stdlib.h>

#define N 10

#pragma omp declare target
int *gp;
#pragma omp end declare target

int
main (void)
{
  int *orig;
  int i;

  gp = (int *) malloc (N * sizeof (int));
  orig = gp;
  for (i = 0; i < N; i++)
    gp[i] = i - 1;

#pragma omp target map(gp[:N])
  for (int j = 0; j < N; j++)
    gp[j] += 1;

  if (gp != orig)
    abort ();
  for (i = 0; i < N; i++)
    if (gp[i] != i)
      abort ();
  free (gp);
  return 0;
}
