/* { dg-do run } */
/* { dg-additional-options "-pthread" } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   Stress with raw POSIX threads, outside any OpenMP parallel region:
   several waves of eight threads, each thread living only for its wave
   (so per-thread state of the runtime is created and torn down all the
   time).  In a wave every thread maps the shared array A with enter
   data, updates its own slice on the device and brings it back with
   target update, keeps its own heap arrays going through map/unmap,
   and maps the read-only array B around each region.  A pthread
   barrier keeps A mapped while any thread works on it; the last exit
   data of a wave copies it back.  Every value is checked, and nothing
   stays present after each wave.  */

#include <omp.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#ifndef STRESS_DIV
#define STRESS_DIV 1
#endif

#define NT 8
#define WAVES 20
#define S 32
#define N (NT * S)
#define M 300
#define ITERS (200 / STRESS_DIV)

long A[N];
int B[N];
static pthread_barrier_t bar;
static int failures;

static void
fail (int t, const char *what)
{
  fprintf (stderr, "thread %d: %s\n", t, what);
  __atomic_add_fetch (&failures, 1, __ATOMIC_RELAXED);
}

static void *
worker (void *arg)
{
  int t = (int) (long) arg, lo = t * S;
  int dev = omp_get_default_device ();
  long mirror[S], sum;
  int *own = malloc (M * sizeof (int));

  for (int i = 0; i < S; i++)
    mirror[i] = A[lo + i];

#pragma omp target enter data map(to: A)
  pthread_barrier_wait (&bar);
  for (int it = 0; it < ITERS; it++)
    {
      /* Shared A, own slice.  */
#pragma omp target map(tofrom: A) firstprivate(lo, it)
      for (int i = 0; i < S; i++)
	A[lo + i] = 2 * A[lo + i] - it;
      for (int i = 0; i < S; i++)
	mirror[i] = 2 * mirror[i] - it;
      if (it % 5 == 4)
	{
#pragma omp target update from(A[lo:S])
	  for (int i = 0; i < S; i++)
	    if (A[lo + i] != mirror[i])
	      fail (t, "A after update from");
	  for (int i = 0; i < S; i++)
	    mirror[i] = A[lo + i] = i - lo;
#pragma omp target update to(A[lo:S])
	}

      /* Own data.  */
      for (int i = 0; i < M; i++)
	own[i] = i * it + t;
#pragma omp target data map(tofrom: own[0:M])
	{
#pragma omp target map(tofrom: own[0:M])
	  for (int i = 0; i < M; i++)
	    own[i] += 7;
	  if (own[1] != it + t)
	    fail (t, "own copied back too early");
	}
      for (int i = 0; i < M; i++)
	if (own[i] != i * it + t + 7)
	  fail (t, "own after target data");

      /* Shared read-only B.  */
#pragma omp target map(to: B) map(from: sum) firstprivate(lo)
      {
	sum = 0;
	for (int i = 0; i < S; i++)
	  sum += B[lo + i];
      }
      if (sum != (long) S * (lo + lo + S - 1) / 2 * 5)
	fail (t, "sum of B");
      if (omp_target_is_present (own, dev)
	  || !omp_target_is_present (A, dev))
	fail (t, "presence");
    }
  pthread_barrier_wait (&bar);
#pragma omp target exit data map(from: A)
  pthread_barrier_wait (&bar);
  for (int i = 0; i < S; i++)
    if (A[lo + i] != mirror[i])
      fail (t, "A after exit data");
  free (own);
  return NULL;
}

int
main (void)
{
  pthread_t th[NT];

  for (int i = 0; i < N; i++)
    {
      A[i] = i;
      B[i] = 5 * i;
    }
  pthread_barrier_init (&bar, NULL, NT);
  for (int w = 0; w < WAVES; w++)
    {
      for (long t = 0; t < NT; t++)
	if (pthread_create (&th[t], NULL, worker, (void *) t) != 0)
	  abort ();
      for (int t = 0; t < NT; t++)
	pthread_join (th[t], NULL);
      if (omp_target_is_present (A, omp_get_default_device ())
	  || omp_target_is_present (B, omp_get_default_device ()))
	abort ();
    }
  pthread_barrier_destroy (&bar);
  if (failures)
    abort ();
  return 0;
}
