/* rev.c -- reverse offload: a region on a device runs code on the host.
   GCC 13 or later.
   Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   Build (GCC 14): gcc -fopenmp -foffload=disable rev.c -lgomptarget
   Run (GCC 14): ./a.out
   Build (GCC 14): gcc -fopenmp -foffload=nvptx-none \
     -foffload-options=nvptx-none=-march=sm_70 rev.c -lgomptarget
   Run (GCC 14): contrib/emulated-gpu --only nvptx ./a.out  */

#include <omp.h>
#include <stdio.h>

#pragma omp requires reverse_offload

static void
log_on_host (int step, int value)
{
  printf ("step %d: %d (on the host: %s)\n", step, value,
	  omp_is_initial_device () ? "yes" : "no");
}

int
main (void)
{
  int x = 1;

#pragma omp target map(tofrom: x)
  for (int step = 1; step <= 3; step++)
    {
      x *= 10;
#pragma omp target device(ancestor: 1) map(always, to: x)
      log_on_host (step, x);
    }
  printf ("x = %d\n", x);
  return 0;
}
