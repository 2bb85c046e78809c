/* { dg-do run } */
/* { dg-set-target-env-var GOMPTARGET_HOST_DEVICES "2" } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   Stress on two emulated devices used at once: eight threads, four per
   device, all map the same array A on their device (so A has a copy on
   each device, with its own reference count) and update their own
   slice there; each device's copy changes in its own way, and regions
   report the device they ran on.  Threads also map their own arrays on
   the other device, and copy their slice from one device to the other
   with omp_target_memcpy.  Every value is checked; nothing stays
   present on either device.  */

#include <omp.h>
#include <stdlib.h>

#ifndef STRESS_DIV
#define STRESS_DIV 1
#endif

#define NT 8
#define S 64
#define N (NT * S)
#define ITERS (2000 / STRESS_DIV)

long A[N];

int
main (void)
{
  int failed = 0;

  if (omp_get_num_devices () != 2)
    abort ();
  for (int i = 0; i < N; i++)
    A[i] = i;

#pragma omp parallel num_threads(NT) reduction(+: failed)
  {
    int t = omp_get_thread_num (), lo = t * S;
    int d = t % 2, other = 1 - d;
    long mirror[S], own[S];
    void *devA_other;

    for (int i = 0; i < S; i++)
      mirror[i] = lo + i;
#pragma omp target enter data map(to: A) device(d)
#pragma omp target enter data map(to: A) device(other)
#pragma omp barrier
    for (int it = 0; it < ITERS; it++)
      {
	int where = -1;
#pragma omp target device(d) map(tofrom: A) map(from: where) \
		   firstprivate(lo, d)
	{
	  where = omp_get_device_num ();
	  for (int i = 0; i < S; i++)
	    A[lo + i] += d + 1;
	}
	if (where != d)
	  failed++;
	for (int i = 0; i < S; i++)
	  mirror[i] += d + 1;

	for (int i = 0; i < S; i++)
	  own[i] = it * i;
#pragma omp target device(other) map(tofrom: own) map(from: where)
	{
	  where = omp_get_device_num ();
	  for (int i = 0; i < S; i++)
	    own[i] = -own[i];
	}
	if (where != other)
	  failed++;
	for (int i = 0; i < S; i++)
	  if (own[i] != -it * i)
	    failed++;
      }

    /* Slice on device D is changed, on OTHER still the original.  */
    devA_other = NULL;
#pragma omp target data use_device_addr(A) device(other)
    devA_other = A;
#pragma omp target update from(A[lo:S]) device(other)
    for (int i = 0; i < S; i++)
      if (A[lo + i] != lo + i)
	failed++;
#pragma omp target data use_device_addr(A) device(d)
    {
      if (omp_target_memcpy (devA_other, A, S * sizeof (long),
			     lo * sizeof (long), lo * sizeof (long),
			     other, d) != 0)
	failed++;
    }
#pragma omp target update from(A[lo:S]) device(other)
    for (int i = 0; i < S; i++)
      if (A[lo + i] != mirror[i])
	failed++;
#pragma omp barrier
#pragma omp target exit data map(delete: A) device(d)
#pragma omp target exit data map(delete: A) device(other)
#pragma omp barrier
    if (omp_target_is_present (A, 0) || omp_target_is_present (A, 1)
	|| omp_target_is_present (own, d) || omp_target_is_present (own, other))
      failed++;
  }
  if (failed)
    abort ();
  return 0;
}
