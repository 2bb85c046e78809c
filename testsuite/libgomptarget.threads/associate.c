/* { dg-do run } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   Stress of omp_target_associate_ptr / omp_target_disassociate_ptr
   from eight threads at once, each on its own slice of one shared host
   array (neighbouring, disjoint ranges in the same mapping table).
   While associated the slice is present, a region that maps it works on
   the associated device memory without copying, and the host slice
   stays unchanged; after disassociation it is no longer present and the
   device memory keeps the values the region wrote.  */

#include <omp.h>
#include <stdlib.h>

#ifndef STRESS_DIV
#define STRESS_DIV 1
#endif

#define NT 8
#define S 100
#define ITERS (2000 / STRESS_DIV)

int H[NT * S];

int
main (void)
{
  int dev = omp_get_default_device (), host = omp_get_initial_device ();
  int failed = 0;

  for (int i = 0; i < NT * S; i++)
    H[i] = i;

#pragma omp parallel num_threads(NT) reduction(+: failed)
  {
    int t = omp_get_thread_num ();
    int *h = &H[t * S];
    int r[S];

    for (int it = 0; it < ITERS; it++)
      {
	int *d = omp_target_alloc (S * sizeof (int), dev);
	for (int i = 0; i < S; i++)
	  r[i] = it - i;
	if (d == NULL
	    || omp_target_memcpy (d, r, S * sizeof (int), 0, 0, dev, host)
	    || omp_target_associate_ptr (h, d, S * sizeof (int), 0, dev))
	  {
	    failed++;
	    continue;
	  }
	if (!omp_target_is_present (h, dev))
	  failed++;
#pragma omp target map(tofrom: h[0:S])
	for (int i = 0; i < S; i++)
	  h[i] = h[i] * 2 + 1;
	for (int i = 0; i < S; i++)
	  if (h[i] != t * S + i)
	    failed++;
	if (omp_target_disassociate_ptr (h, dev))
	  failed++;
	if (omp_target_is_present (h, dev))
	  failed++;
	if (omp_target_memcpy (r, d, S * sizeof (int), 0, 0, host, dev))
	  failed++;
	for (int i = 0; i < S; i++)
	  if (r[i] != (it - i) * 2 + 1)
	    failed++;
	omp_target_free (d, dev);
      }
  }
  if (failed)
    abort ();
  return 0;
}
