/* { dg-do run } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   A 32 MiB array survives a tofrom round trip (large transfers).  */

#include <stdlib.h>

#define N (8 * 1024 * 1024)

int
main (void)
{
  unsigned *p = malloc (N * sizeof (unsigned));
  long i;

  if (p == NULL)
    return 0;
  for (i = 0; i < N; i++)
    p[i] = (unsigned) i * 2654435761u;

#pragma omp target map(tofrom: p[0:N])
  for (long j = 0; j < N; j++)
    p[j] ^= 0xa5a5a5a5u;

  for (i = 0; i < N; i++)
    if (p[i] != (((unsigned) i * 2654435761u) ^ 0xa5a5a5a5u))
      abort ();
  free (p);
  return 0;
}
