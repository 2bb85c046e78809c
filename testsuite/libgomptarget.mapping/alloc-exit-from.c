/* { dg-do run } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   enter data map(alloc:) followed by device writes and exit data
   map(from:) delivers the device values.  */

#include <stdlib.h>

#define N 64

int
main (void)
{
  long *p = malloc (N * sizeof (long));
  int i;

  for (i = 0; i < N; i++)
    p[i] = -1;

#pragma omp target enter data map(alloc: p[0:N])
#pragma omp target
  for (int j = 0; j < N; j++)
    p[j] = 1000L * j;
  /* Separate memory: nothing reaches the host before the exit data.  */
  if (p[1] != -1)
    abort ();
#pragma omp target exit data map(from: p[0:N])

  for (i = 0; i < N; i++)
    if (p[i] != 1000L * i)
      abort ();
  free (p);
  return 0;
}
