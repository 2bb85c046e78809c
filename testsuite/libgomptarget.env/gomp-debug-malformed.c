/* { dg-do run } */
/* { dg-set-target-env-var GOMP_DEBUG "yes" } */
/* { dg-final { gomptarget-output-count {Invalid value for environment variable GOMP_DEBUG} 1 } } */
/* { dg-final { gomptarget-output-count {GOMP_DEBUG} 1 } } */
/* { dg-final { gomptarget-output-excludes {(^|\n)(lib)?gomptarget: } } } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   A malformed GOMP_DEBUG is reported once, by libgomp, which reads it
   too ("libgomp: Invalid value for environment variable GOMP_DEBUG"),
   and treated as 0 by the front end and the plugins alike: no warning
   of our own saying it a second time, and no trace line.  */

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
