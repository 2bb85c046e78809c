/* { dg-do run } */
/* { dg-set-target-env-var GOMPTARGET_HOST_DEVICES "2" } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   Stress of the device memory routines from eight threads at once:
   omp_target_alloc on both devices, omp_target_memcpy host to device,
   device to device (same and other device) and back, omp_target_memcpy_rect,
   regions working on is_device_ptr memory, and omp_target_free; sizes
   change every iteration.  Every value is checked.  */

#include <omp.h>
#include <stdlib.h>

#ifndef STRESS_DIV
#define STRESS_DIV 1
#endif

#define NT 8
#define MAXN 4096
#define ITERS (1000 / STRESS_DIV)

int
main (void)
{
  int host = omp_get_initial_device ();
  int failed = 0;

  if (omp_get_num_devices () != 2)
    abort ();
#pragma omp parallel num_threads(NT) reduction(+: failed)
  {
    int t = omp_get_thread_num ();
    unsigned seed = 777u * (t + 1);
    int *h = malloc (MAXN * sizeof (int));
    int *r = malloc (MAXN * sizeof (int));

    for (int it = 0; it < ITERS; it++)
      {
	int n = 1 + (int) (rand_r (&seed) % MAXN);
	int d1 = it % 2, d2 = (it / 2) % 2;
	size_t sz = n * sizeof (int);
	int *p = omp_target_alloc (sz, d1);
	int *q = omp_target_alloc (sz, d2);

	if (p == NULL || q == NULL)
	  {
	    failed++;
	    continue;
	  }
	for (int i = 0; i < n; i++)
	  h[i] = i * 3 + t;
	if (omp_target_memcpy (p, h, sz, 0, 0, d1, host)
	    || omp_target_memcpy (q, p, sz, 0, 0, d2, d1))
	  failed++;
#pragma omp target is_device_ptr(q) device(d2) firstprivate(n)
	for (int i = 0; i < n; i++)
	  q[i] += 1;
	/* Copy back the first row of a 2-D view with memcpy_rect.  */
	{
	  size_t rows = 2, cols = n / 2;
	  size_t vol[2] = { rows, cols }, zero[2] = { 0, 0 };
	  size_t dims[2] = { rows, cols };
	  if (cols > 0
	      && omp_target_memcpy_rect (r, q, sizeof (int), 2, vol, zero,
					 zero, dims, dims, host, d2))
	    failed++;
	  for (size_t i = 0; i < rows * cols; i++)
	    if (r[i] != (int) i * 3 + t + 1)
	      failed++;
	}
	if (omp_target_memcpy (r, q, sz, 0, 0, host, d2))
	  failed++;
	for (int i = 0; i < n; i++)
	  if (r[i] != i * 3 + t + 1)
	    failed++;
	/* The first copy is unchanged.  */
	if (omp_target_memcpy (r, p, sz, 0, 0, host, d1))
	  failed++;
	for (int i = 0; i < n; i++)
	  if (r[i] != i * 3 + t)
	    failed++;
	omp_target_free (p, d1);
	omp_target_free (q, d2);
      }
    free (h);
    free (r);
  }
  if (failed)
    abort ();
  return 0;
}
