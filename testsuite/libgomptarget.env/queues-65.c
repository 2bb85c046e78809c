/* { dg-do run } */
/* { dg-set-target-env-var GOMPTARGET_QUEUES "65" } */
/* { dg-final { gomptarget-output-includes {libgomptarget: warning: GOMPTARGET_QUEUES='65' is not a number from 1 to 64; using 8} } } */
/* { dg-final { gomptarget-output-count {GOMPTARGET_QUEUES} 1 } } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   GOMPTARGET_QUEUES=65 is above the most queues a device has: one
   warning naming the range once, whichever plugins are loaded, and the
   default applies.  */

#include <stdlib.h>

int
main (void)
{
  int x = 1;

#pragma omp target map(tofrom: x)
  x += 1;
  if (x != 2)
    abort ();
  return 0;
}
