/* first.c -- double an array on the first device.
   Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   Build: gcc -fopenmp -foffload=disable first.c -lgomptarget
   Run: ./a.out
   Run: GOMP_DEBUG=1 ./a.out
   Output: first-debug.out  */

#include <omp.h>
#include <stdio.h>

int
main (void)
{
  int a[4] = { 1, 2, 3, 4 };
  int on_device = 0;

#pragma omp target map(tofrom: a) map(from: on_device)
  {
    for (int i = 0; i < 4; i++)
      a[i] *= 2;
    on_device = !omp_is_initial_device ();
  }

  printf ("devices: %d\n", omp_get_num_devices ());
  printf ("ran on a device: %s\n", on_device ? "yes" : "no");
  printf ("a = %d %d %d %d\n", a[0], a[1], a[2], a[3]);
  return 0;
}
