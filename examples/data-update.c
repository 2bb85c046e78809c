/* data-update.c -- a target data region kept across two kernels, with
   target update to refresh the device and the host in between.
   Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1  */

#include <stdio.h>
#include <omp.h>
#include "where.h"

#define N 1024

int
main (void)
{
  static int v[N];
  int initial = -1, devnum = -1;
  long host_sum = 0;
  int ok = 1;

  for (int i = 0; i < N; i++)
    v[i] = i;

  /* v stays on the device for the whole region: one copy in at the start,
     one copy out at the end, and only the explicit updates in between.  */
#pragma omp target data map(tofrom: v[0:N])
  {
#pragma omp target map(from: initial, devnum)
    {
      initial = omp_is_initial_device ();
      devnum = omp_get_device_num ();
      for (int i = 0; i < N; i++)
	v[i] *= 2;
    }

    /* Bring the doubled values to the host while the region is open.  */
#pragma omp target update from(v[0:N])
    for (int i = 0; i < N; i++)
      host_sum += v[i];

    /* Change the host copy and send it to the device.  */
    for (int i = 0; i < N; i++)
      v[i] += 1;
#pragma omp target update to(v[0:N])

#pragma omp target
    for (int i = 0; i < N; i++)
      v[i] *= 3;
  }

  printf ("data-update: ran on %s\n", where (initial, devnum));

  if (host_sum != (long) N * (N - 1))
    {
      printf ("data-update: FAIL: sum after first kernel %ld, expected %ld\n",
	      host_sum, (long) N * (N - 1));
      ok = 0;
    }
  for (int i = 0; ok && i < N; i++)
    if (v[i] != (2 * i + 1) * 3)
      {
	printf ("data-update: FAIL: v[%d] = %d, expected %d\n", i, v[i],
		(2 * i + 1) * 3);
	ok = 0;
      }
  if (!ok)
    return 1;
  printf ("data-update: OK, two kernels and two updates inside one data region\n");
  return 0;
}
