/* { dg-do run } */
/* { dg-set-target-env-var GOMPTARGET_HOST_MEMORY_MB "64" } */
/* { dg-output {libgomptarget: host: device 0: out of device memory: cannot allocate 104857600 bytes} } */
/* { dg-gomptarget-exit-status 1 } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   Mapping more than a device of 64 MiB holds is a clear error with exit
   status 1, after the pool has given back what it caches.  */

#include <stdio.h>
#include <stdlib.h>

#define MB (1L << 20)

int
main (void)
{
  size_t n = 100 * MB;
  char *a = calloc (n, 1);

  if (!a)
    return 2;
#pragma omp target map(tofrom: a[0:n])
  a[0] = 1;
  printf ("no error\n");
  return 0;
}
