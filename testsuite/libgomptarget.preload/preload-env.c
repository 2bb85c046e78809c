/* { dg-do run } */
/* { dg-gomptarget-preload "unmodified binary" } */
/* { dg-set-target-env-var GOMPTARGET_HOST_DEVICES "2" } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   Under LD_PRELOAD the environment is honoured:
   GOMPTARGET_HOST_DEVICES=2 gives two devices, with separate memory.  */

#include <stdlib.h>
#include <omp.h>

int v = 1;

int
main (void)
{
  int r = 0, num = -1;

  if (omp_get_num_devices () != 2)
    abort ();
#pragma omp target enter data map(to: v) device(0)
#pragma omp target enter data map(to: v) device(1)
#pragma omp target device(0) map(tofrom: v)
  v = 5;
#pragma omp target device(1) map(to: v) map(from: r, num)
  {
    r = v;
    num = omp_get_device_num ();
  }
  if (r != 1 || num != 1 || v != 1)
    abort ();
  return 0;
}
