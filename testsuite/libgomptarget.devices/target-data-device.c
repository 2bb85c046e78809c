/* { dg-do run } */
/* { dg-set-target-env-var GOMPTARGET_HOST_DEVICES "3" } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   target data device(2) maps on device 2; regions on device 2 use
   that mapping, a region on device 0 maps its own copy.  */

#include <stdlib.h>
#include <omp.h>

int
main (void)
{
  int v = 1, r0 = 0;

#pragma omp target data map(tofrom: v) device(2)
  {
#pragma omp target device(2) map(tofrom: v)
    v = 2;
#pragma omp target device(0) map(to: v) map(from: r0)
    r0 = v;
    if (v != 1 || r0 != 1)
      abort ();
  }
  if (v != 2)
    abort ();
  return 0;
}
