/* { dg-do run } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   Outside any parallel region, nowait regions whose code has a parallel
   region with barriers (explicit, and the one that ends a loop), waited
   for by taskwait.  The waiting thread may run a queued region itself on
   the emulated device; the barriers in the region's code must not wait
   for the target tasks that the thread is waiting for (which include
   that region: it failed with "the work of a target task failed").  */

#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

#define ROUNDS 20

int a[4], b[4];

int
main (void)
{
  for (int k = 0; k < ROUNDS; k++)
    {
#pragma omp target nowait map(tofrom: a)
#pragma omp parallel num_threads(2)
      {
	a[omp_get_thread_num ()] += 1;
#pragma omp barrier
	a[2 + omp_get_thread_num ()] += 1;
      }
#pragma omp target nowait map(tofrom: b)
#pragma omp parallel num_threads(2)
      {
#pragma omp for
	for (int i = 0; i < 4; i++)
	  b[i] += i;
      }
#pragma omp taskwait
    }
  for (int i = 0; i < 4; i++)
    if (a[i] != ROUNDS || b[i] != ROUNDS * i)
      {
	fprintf (stderr, "a[%d] = %d, b[%d] = %d\n", i, a[i], i, b[i]);
	abort ();
      }
  return 0;
}
