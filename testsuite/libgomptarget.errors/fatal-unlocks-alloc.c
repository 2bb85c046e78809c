/* { dg-do run } */
/* { dg-gomptarget-exit-status 1 } */
/* An impossible allocation is the point: under ASan it must fail, not abort.  */
/* { dg-set-target-env-var ASAN_OPTIONS "allocator_may_return_null=1" } */
/* { dg-final { gomptarget-output-includes {libgomptarget: device 0: allocating [0-9]+ bytes of device memory failed} } } */
/* { dg-final { gomptarget-output-includes {after the fatal error: device 0 mapped, ran and unmapped, y = 6} } } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   A fatal error raised while the device's lock is held (here: device
   memory for target enter data cannot be allocated) releases the lock
   before the program exits: an exit handler can still use the device
   (fatal-unlocks.h).  */

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include "fatal-unlocks.h"

int
main (void)
{
  static char c;
  char *p = &c;
  size_t n = SIZE_MAX / 16;

  atexit (after_fatal);
#pragma omp target enter data map(alloc: p[0:n]) device(0)
  printf ("no error\n");
  return 0;
}
