/* { dg-do run } */
/* { dg-set-target-env-var GOMP_DEBUG "1x" } */
/* { dg-final { gomptarget-output-includes {libgomptarget: warning: GOMP_DEBUG='1x' is not a number} } } */
/* { dg-final { gomptarget-output-count {gomptarget: [^\n]*GOMP_DEBUG} 1 } } */
/* { dg-final { gomptarget-output-excludes {(^|\n)gomptarget: } } } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   A malformed GOMP_DEBUG is reported once and treated as 0 by the front
   end and the plugins alike: no trace line from either.  */

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
