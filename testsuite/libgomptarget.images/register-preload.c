/* { dg-do run } */
/* { dg-gomptarget-images "nvptx with GCC 12, all installed with GCC 13+" } */
/* { dg-gomptarget-preload "an unchanged binary" } */
/* { dg-set-target-env-var GOMP_DEBUG "1" } */
/* { dg-final { gomptarget-output-includes {registered an offload image of GCC library version (1|3) for target type} } } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   An unchanged binary with offload images, run with LD_PRELOAD: its
   registrations (GCC 12's or GCC 14's) reach this library, and its region
   runs on the emulated device.  */

#include <omp.h>
#include <stdlib.h>

int
main (void)
{
  int x = 1, initial = -1;

#pragma omp target map(tofrom: x) map(from: initial)
  {
    x += 41;
    initial = omp_is_initial_device ();
  }
  if (x != 42 || initial != 0)
    abort ();
  return 0;
}
