/* devices.c -- one region on each device, and one on the host.
   Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   Build: gcc -fopenmp -foffload=disable devices.c -lgomptarget
   Run: GOMPTARGET_HOST_DEVICES=3 ./a.out
   Run: OMP_TARGET_OFFLOAD=disabled ./a.out
   Output: devices-disabled.out
   Run: GOMPTARGET_HOST_DEVICES=0 OMP_TARGET_OFFLOAD=mandatory ./a.out
   Status: 1
   Output: devices-mandatory.out  */

#include <omp.h>
#include <stdio.h>

int
main (void)
{
  int n = omp_get_num_devices ();

  printf ("%d device(s); the host is device %d\n", n,
	  omp_get_initial_device ());
  for (int d = 0; d <= n; d++)
    {
      int initial = -1;
#pragma omp target device(d) map(from: initial)
      initial = omp_is_initial_device ();
      printf ("device %d: %s\n", d, initial ? "the host" : "a device");
    }
  return 0;
}
