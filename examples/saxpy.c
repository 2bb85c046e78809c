/* saxpy.c -- y = a*x + y on the default device, with map(to:) and map(tofrom:).
   Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1  */

#include <stdio.h>
#include <stdlib.h>
#include <omp.h>
#include "where.h"

#define N 100000

int
main (void)
{
  float a = 2.0f;
  float *x = malloc (N * sizeof *x);
  float *y = malloc (N * sizeof *y);
  int initial = -1, devnum = -1;

  if (!x || !y)
    return 1;
  for (int i = 0; i < N; i++)
    {
      x[i] = (float) i;
      y[i] = 1.0f;
    }

  /* x is only read on the device: copy it in, never back.  y is read and
     written: copy it in and back out.  */
#pragma omp target map(to: x[0:N]) map(tofrom: y[0:N]) \
		   map(from: initial, devnum)
  {
    initial = omp_is_initial_device ();
    devnum = omp_get_device_num ();
#pragma omp parallel for
    for (int i = 0; i < N; i++)
      y[i] = a * x[i] + y[i];
  }

  printf ("saxpy: ran on %s (%d device(s) available)\n",
	  where (initial, devnum), omp_get_num_devices ());

  for (int i = 0; i < N; i++)
    if (y[i] != a * (float) i + 1.0f)
      {
	printf ("saxpy: FAIL: y[%d] = %g, expected %g\n", i, y[i],
		a * (float) i + 1.0f);
	return 1;
      }
  printf ("saxpy: OK, %d elements of y = %g*x + y\n", N, a);
  free (x);
  free (y);
  return 0;
}
