/* { dg-do run } */
/* { dg-set-target-env-var GOMP_DEBUG "250" } */
/* { dg-final { gomptarget-output-includes {gomptarget: launch region} } } */
/* { dg-final { gomptarget-output-excludes {GOMP_DEBUG} } } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   A GOMP_DEBUG above 100, a number libgomp accepts, turns the trace on
   like any other non-zero number, without a warning from anyone.  */

#include <stdlib.h>

int
main (void)
{
  int x = 0;

#pragma omp target map(tofrom: x)
  x = 1;
  if (x != 1)
    abort ();
  return 0;
}
