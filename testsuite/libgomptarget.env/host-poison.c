/* { dg-do run } */
/* { dg-set-target-env-var GOMPTARGET_HOST_POISON "1" } */
/* { dg-gomptarget-no-wrapper "reads uninitialised device memory on purpose" } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   GOMPTARGET_HOST_POISON=1 fills new device memory with 0xa5 bytes, so
   that a map(alloc:) array read on the device shows the poison, not the
   host's values and not zeros.  */

#include <stdlib.h>
#include <string.h>

#define N 64

int
main (void)
{
  unsigned char a[N];
  int poisoned = 0;

  memset (a, 1, sizeof a);
#pragma omp target map(alloc: a) map(from: poisoned)
  {
    poisoned = 1;
    for (int i = 0; i < N; i++)
      if (a[i] != 0xa5)
	poisoned = 0;
  }
  if (!poisoned)
    abort ();
  return 0;
}
