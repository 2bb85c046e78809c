/* { dg-do run } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   Stress of target tasks: eight threads each keep many target nowait,
   target update nowait and enter/exit data nowait constructs in flight,
   on their own data (chained by depend) and on a shared array mapped by
   all of them, with host tasks in the chains.  Every value is checked
   after the taskwait, and nothing stays present.  */

#include <omp.h>
#include <stdlib.h>

#ifndef STRESS_DIV
#define STRESS_DIV 1
#endif

#define NT 8
#define S 16
#define ROUNDS (400 / STRESS_DIV)

unsigned long A[NT * S];
unsigned long own[NT][S];

int
main (void)
{
  int dev = omp_get_default_device ();
  int failed = 0;

#pragma omp parallel num_threads(NT) reduction(+: failed)
  {
    int t = omp_get_thread_num (), lo = t * S;
    unsigned long *o = own[t];
    unsigned long expect_a = 0, expect_o = 0;

    for (int i = 0; i < S; i++)
      A[lo + i] = o[i] = 0;
#pragma omp barrier
#pragma omp target enter data map(to: A)
    for (int r = 0; r < ROUNDS; r++)
      {
#pragma omp target enter data map(to: o[0:S]) nowait depend(inout: o[0:S])
#pragma omp target nowait map(tofrom: A) depend(inout: A[lo:S]) \
		   firstprivate(lo)
	for (int i = 0; i < S; i++)
	  A[lo + i] += 1;
#pragma omp target nowait map(alloc: o[0:S]) depend(inout: o[0:S])
	for (int i = 0; i < S; i++)
	  o[i] = o[i] * 2 + 1;
#pragma omp target update from(A[lo:S]) nowait depend(inout: A[lo:S])
#pragma omp target exit data map(from: o[0:S]) nowait depend(inout: o[0:S])
#pragma omp task depend(inout: o[0:S], A[lo:S]) firstprivate(o, lo)
	for (int i = 0; i < S; i++)
	  {
	    o[i] += A[lo + i];
	    A[lo + i] *= 2;
	  }
#pragma omp target update to(A[lo:S]) nowait depend(inout: A[lo:S])
	expect_o = expect_o * 2 + 1;
	expect_a = expect_a + 1;
	expect_o += expect_a;
	expect_a *= 2;
      }
#pragma omp taskwait
    for (int i = 0; i < S; i++)
      if (o[i] != expect_o)
	failed++;
#pragma omp target update from(A[lo:S])
    for (int i = 0; i < S; i++)
      if (A[lo + i] != expect_a)
	failed++;
    if (omp_target_is_present (o, dev))
      failed++;
#pragma omp barrier
#pragma omp target exit data map(delete: A)
  }
  if (omp_target_is_present (A, dev))
    failed++;
  if (failed)
    abort ();
  return 0;
}
