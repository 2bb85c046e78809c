/* { dg-do run } */
/* { dg-set-target-env-var GOMPTARGET_HOST_DEVICES "3" } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   Each of three devices runs regions with omp_get_device_num equal
   to its number and omp_is_initial_device false.  */

#include <stdlib.h>
#include <omp.h>

int
main (void)
{
  int d;

  for (d = 0; d < 3; d++)
    {
      int num = -1, initial = -1;
#pragma omp target device(d) map(from: num, initial)
      {
	num = omp_get_device_num ();
	initial = omp_is_initial_device ();
      }
      if (num != d || initial != 0)
	abort ();
    }
  return 0;
}
