/* { dg-do run } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   A target data region and an enter data for the same variable share
   one mapping: the data stays mapped after the target data ends and
   is copied back by the last exit data.  */

#include <stdlib.h>
#include <omp.h>

int
main (void)
{
  int v = 1, dev = omp_get_default_device ();

#pragma omp target data map(tofrom: v)
  {
#pragma omp target enter data map(to: v)
#pragma omp target map(tofrom: v)
    v = 9;
  }
  if (v != 1 || !omp_target_is_present (&v, dev))
    abort ();
#pragma omp target exit data map(from: v)
  if (v != 9 || omp_target_is_present (&v, dev))
    abort ();
  return 0;
}
