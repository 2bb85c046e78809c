/* fatal-unlocks.h -- what the fatal-unlocks-*.c tests share: an exit
   handler that uses device 0 after the fatal error the test provokes.
   It maps, runs and unmaps, then prints its line; were the device's lock
   still held, it would block on it for good, and the alarm turns that
   into a failure by signal.

   Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1  */

#ifndef FATAL_UNLOCKS_H
#define FATAL_UNLOCKS_H

#include <stdio.h>
#include <unistd.h>

static int y = 5;

static void
after_fatal (void)
{
  alarm (10);
#pragma omp target enter data map(to: y) device(0)
#pragma omp target map(tofrom: y) device(0)
  y++;
#pragma omp target exit data map(from: y) device(0)
  printf ("after the fatal error: device 0 mapped, ran and unmapped, "
	  "y = %d\n", y);
  fflush (stdout);
}

#endif /* FATAL_UNLOCKS_H */
