/* { dg-do run } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   Target tasks created by host tasks and host tasks created inside
   target regions: a host task launches a target nowait whose region
   runs a parallel region with its own tasks and dependences on the
   device; the sibling of the host task depends on the target task's
   result through the parent's taskwait, and a later target task
   reads what the first one left on the device.  */

#include <omp.h>
#include <stdlib.h>

#define N 64

int a[N];
long total;

int
main (void)
{
#pragma omp target enter data map(alloc: a)

#pragma omp parallel num_threads(4)
#pragma omp single
  {
#pragma omp task
    {
#pragma omp target nowait map(alloc: a) depend(out: a)
      {
#pragma omp parallel num_threads(2)
#pragma omp single
	{
	  for (int i = 0; i < N; i++)
	    {
#pragma omp task depend(out: a[i]) firstprivate(i)
	      a[i] = i;
#pragma omp task depend(inout: a[i]) firstprivate(i)
	      a[i] *= 2;
	    }
	}
      }
#pragma omp target nowait map(alloc: a) map(from: total) depend(in: a)
      {
	long s = 0;
	for (int i = 0; i < N; i++)
	  s += a[i];
	total = s;
      }
#pragma omp taskwait
    }
  }

#pragma omp target exit data map(from: a)
  if (total != (long) N * (N - 1))
    abort ();
  for (int i = 0; i < N; i++)
    if (a[i] != 2 * i)
      abort ();
  if (omp_target_is_present (a, omp_get_default_device ()))
    abort ();
  return 0;
}
