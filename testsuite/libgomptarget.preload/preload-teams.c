/* { dg-do run } */
/* { dg-gomptarget-preload "unmodified binary" } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   Under LD_PRELOAD a target teams reduction runs on the device and
   gives the right sum.  */

#include <stdlib.h>
#include <omp.h>

int
main (void)
{
  long sum = 0;
  int initial = -1;

#pragma omp target teams distribute parallel for reduction(+: sum) \
	map(tofrom: sum)
  for (int i = 0; i < 100000; i++)
    sum += i % 7;
#pragma omp target map(from: initial)
  initial = omp_is_initial_device ();

  if (sum != 299995L || initial != 0)
    abort ();
  return 0;
}
