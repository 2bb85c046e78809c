/* preload.c -- a program built for GCC's libgomp alone, run on
   gomptarget's emulated device with LD_PRELOAD.
   Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   Build: gcc -fopenmp -foffload=disable preload.c
   Run: ./a.out
   Output: preload-libgomp.out
   Run: LD_PRELOAD=/usr/local/lib/libgomptarget.so.1 ./a.out  */

#include <omp.h>
#include <stdio.h>

int
main (void)
{
  printf ("devices: %d\n", omp_get_num_devices ());
  return 0;
}
