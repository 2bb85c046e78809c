/* { dg-do run } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   A declare target variable is reached directly by the host code that
   the emulated device runs, so it is entered as its own device copy:
   present from the start, mapping it copies nothing over what the
   region wrote, and target update leaves it as it is.  */

#include <omp.h>
#include <stdlib.h>

#define N 16

#pragma omp declare target
int table[N];
int counter;
#pragma omp end declare target

int
main (void)
{
  int i;

  for (i = 0; i < N; i++)
    table[i] = i;
  if (!omp_target_is_present (table, omp_get_default_device ())
      || !omp_target_is_present (&counter, omp_get_default_device ()))
    abort ();

#pragma omp target map(tofrom: table) map(to: counter)
  {
    if (omp_is_initial_device ())
      abort ();
    for (int j = 0; j < N; j++)
      table[j] *= 2;
    counter = 7;
  }
  /* map(to: counter) must not have been copied back over, nor table
     overwritten by a stale copy.  */
  for (i = 0; i < N; i++)
    if (table[i] != 2 * i)
      abort ();
  if (counter != 7)
    abort ();

#pragma omp target update from(table)
  for (i = 0; i < N; i++)
    if (table[i] != 2 * i)
      abort ();
  return 0;
}
