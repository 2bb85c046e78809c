/* { dg-do run } */
/* { dg-set-target-env-var GOMPTARGET_HOST_DEVICES "3" } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   Devices 1 and 2 have memory separate from each other and from the
   host: a change made on device 1 is not seen on device 2 nor on
   the host.  */

#include <stdlib.h>
#include <omp.h>

int x = 10;

int
main (void)
{
  int r1 = 0, r2 = 0, r0 = 0;

#pragma omp target enter data map(to: x) device(1)
#pragma omp target enter data map(to: x) device(2)
#pragma omp target enter data map(to: x) device(0)

#pragma omp target device(1) map(tofrom: x)
  x = 11;
#pragma omp target device(2) map(to: x) map(from: r2)
  r2 = x;
#pragma omp target device(0) map(to: x) map(from: r0)
  r0 = x;
#pragma omp target device(1) map(to: x) map(from: r1)
  r1 = x;
  if (r1 != 11 || r2 != 10 || r0 != 10 || x != 10)
    abort ();

#pragma omp target update from(x) device(1)
  if (x != 11)
    abort ();
#pragma omp target exit data map(from: x) device(2)
  if (x != 10)
    abort ();
#pragma omp target exit data map(delete: x) device(1)
#pragma omp target exit data map(delete: x) device(0)
  return 0;
}
