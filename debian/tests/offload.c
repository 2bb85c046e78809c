/* offload.c -- the autopkgtests' program: a target region that sums an
   array mapped to the device and says where it ran.
   Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1  */

#include <omp.h>
#include <stdio.h>

#define N 1000

int
main (void)
{
  int a[N], i, initial = -1;
  long sum = 0;

  for (i = 0; i < N; i++)
    a[i] = i;
#pragma omp target map(to: a) map(tofrom: sum) map(from: initial)
  {
    initial = omp_is_initial_device ();
    for (int j = 0; j < N; j++)
      sum += a[j];
  }
  printf ("devices: %d, ran on the initial device: %d, sum: %ld\n",
	  omp_get_num_devices (), initial, sum);
  return !(omp_get_num_devices () >= 1 && initial == 0
	   && sum == (long) N * (N - 1) / 2);
}
