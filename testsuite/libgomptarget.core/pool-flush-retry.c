/* { dg-do run } */
/* { dg-set-target-env-var GOMPTARGET_HOST_MEMORY_MB "64" } */
/* { dg-set-target-env-var GOMP_DEBUG "1" } */
/* { dg-final { gomptarget-output-includes {allocation of [0-9]+ bytes succeeded after freeing the cache} } } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   A device of 64 MiB: 40 MiB mapped and released stay cached in the
   plugin core's pool; a later 48 MiB map does not fit beside them, so the
   pool frees its cache and tries again, and the map succeeds with the
   right data.  */

#include <stdlib.h>
#include <string.h>

#define MB (1L << 20)

int
main (void)
{
  size_t n1 = 40 * MB, n2 = 48 * MB;
  char *a = malloc (n1), *b = malloc (n2);

  if (!a || !b)
    return 1;
  memset (a, 1, n1);
  memset (b, 2, n2);
#pragma omp target map(tofrom: a[0:n1])
  a[n1 - 1] = 3;
#pragma omp target map(tofrom: b[0:n2])
  b[n2 - 1] += b[0];
  if (a[n1 - 1] != 3 || a[0] != 1 || b[n2 - 1] != 4 || b[0] != 2)
    abort ();
  free (a);
  free (b);
  return 0;
}
