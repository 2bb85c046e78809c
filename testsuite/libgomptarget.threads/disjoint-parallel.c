/* { dg-do run } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   Stress: eight threads of a parallel region each map, launch on and
   unmap their own heap arrays, of a size that changes every iteration,
   through target regions, target data, enter/exit data and update, so
   device memory is allocated and freed all the time by all threads.
   Every value is checked, on the device and on the host, and nothing
   stays present.  */

#include <omp.h>
#include <stdlib.h>

#ifndef STRESS_DIV
#define STRESS_DIV 1
#endif

#define NT 8
#define MAXN 2048
#define ITERS (1000 / STRESS_DIV)

int
main (void)
{
  int dev = omp_get_default_device ();
  int failed = 0;

#pragma omp parallel num_threads(NT) reduction(+: failed)
  {
    int t = omp_get_thread_num ();
    int *x = malloc (MAXN * sizeof (int));
    int *y = malloc (MAXN * sizeof (int));
    unsigned seed = 12345u + t;

    for (int it = 0; it < ITERS; it++)
      {
	int n = 1 + (int) (rand_r (&seed) % MAXN);
	int bad = 0;

	for (int i = 0; i < n; i++)
	  {
	    x[i] = i ^ it;
	    y[i] = -1;
	  }
	/* A region with its own maps.  */
#pragma omp target map(to: x[0:n]) map(from: y[0:n]) firstprivate(t)
	for (int i = 0; i < n; i++)
	  y[i] = 2 * x[i] + t;
	for (int i = 0; i < n; i++)
	  if (y[i] != 2 * (i ^ it) + t)
	    failed++;

	/* enter data, several regions on present data, update, exit.  */
#pragma omp target enter data map(to: x[0:n]) map(alloc: y[0:n])
	if (!omp_target_is_present (x, dev) || !omp_target_is_present (y, dev))
	  failed++;
#pragma omp target map(alloc: x[0:n], y[0:n])
	for (int i = 0; i < n; i++)
	  y[i] = x[i] + 1;
#pragma omp target map(tofrom: x[0:n], y[0:n]) map(from: bad)
	{
	  bad = 0;
	  for (int i = 0; i < n; i++)
	    if (y[i] != (i ^ it) + 1)
	      bad = 1;
	  for (int i = 0; i < n; i++)
	    x[i] = y[i] * 3;
	}
	failed += bad;
	/* The host copies are untouched while the data is mapped.  */
	for (int i = 0; i < n; i++)
	  if (x[i] != (i ^ it) || y[i] != 2 * (i ^ it) + t)
	    failed++;
#pragma omp target update from(x[0:n])
	/* y is copied back at the end of the target data, when its
	   reference count drops to zero, not at the exit data.  */
#pragma omp target data map(tofrom: y[0:n])
	{
#pragma omp target exit data map(release: x[0:n]) map(from: y[0:n])
	  for (int i = 0; i < n; i++)
	    if (y[i] != 2 * (i ^ it) + t)
	      failed++;
	}
	for (int i = 0; i < n; i++)
	  if (x[i] != 3 * ((i ^ it) + 1) || y[i] != (i ^ it) + 1)
	    failed++;
	if (omp_target_is_present (x, dev) || omp_target_is_present (y, dev))
	  failed++;
      }
    free (x);
    free (y);
  }
  if (failed)
    abort ();
  return 0;
}
