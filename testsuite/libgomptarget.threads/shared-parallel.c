/* { dg-do run } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   Stress: eight threads of a parallel region map the same arrays at
   once.  A is kept mapped by a target enter data of every thread; each
   thread maps all of A again (target data, target) and updates only its
   own slice on the device, and now and then moves its slice to the host
   and back with target update, checking every value against a private
   mirror.  B is read-only: every thread maps it map(to:) around each
   region, so its reference count keeps going to zero and back while
   other threads map it.  At the end the last exit data copies A back
   and nothing stays present.  */

#include <omp.h>
#include <stdlib.h>

#ifndef STRESS_DIV
#define STRESS_DIV 1
#endif

#define NT 8
#define S 64
#define N (NT * S)
#define ITERS (3000 / STRESS_DIV)

long A[N];
int B[N];
long out[NT][S];

int
main (void)
{
  int dev = omp_get_default_device ();

  for (int i = 0; i < N; i++)
    {
      A[i] = i;
      B[i] = 3 * i + 1;
    }

#pragma omp parallel num_threads(NT)
  {
    int t = omp_get_thread_num ();
    int lo = t * S;
    long mirror[S];

    for (int i = 0; i < S; i++)
      mirror[i] = lo + i;

#pragma omp target enter data map(to: A)
#pragma omp barrier
    for (int it = 0; it < ITERS; it++)
      {
#pragma omp target data map(tofrom: A)
	{
#pragma omp target map(tofrom: A) firstprivate(lo)
	  for (int i = 0; i < S; i++)
	    A[lo + i] += i + 1;
	}
	for (int i = 0; i < S; i++)
	  mirror[i] += i + 1;

	if (it % 8 == 7)
	  {
#pragma omp target update from(A[lo:S])
	    for (int i = 0; i < S; i++)
	      {
		if (A[lo + i] != mirror[i])
		  abort ();
		A[lo + i] -= 1000;
		mirror[i] -= 1000;
	      }
#pragma omp target update to(A[lo:S])
	  }

#pragma omp target map(to: B) map(from: out[t][0:S]) firstprivate(lo, it)
	for (int i = 0; i < S; i++)
	  out[t][i] = 2L * B[lo + i] + it;
	for (int i = 0; i < S; i++)
	  if (out[t][i] != 2L * (3 * (lo + i) + 1) + it)
	    abort ();
	if (!omp_target_is_present (A, dev))
	  abort ();
      }
#pragma omp barrier
#pragma omp target exit data map(from: A)
#pragma omp barrier
    for (int i = 0; i < S; i++)
      if (A[lo + i] != mirror[i])
	abort ();
  }

  if (omp_target_is_present (A, dev) || omp_target_is_present (B, dev)
      || omp_target_is_present (out, dev))
    abort ();
  return 0;
}
