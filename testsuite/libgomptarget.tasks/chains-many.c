/* { dg-do run } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   Long chains of alternating target tasks and host tasks on the same
   variable, one chain per thread of four, all in flight at once: each
   target task computes v = 3 * v + 1 on the device, each host task
   v = v - 2; the order shows in the result, and the device value is
   also recorded per step.  */

#include <omp.h>
#include <stdlib.h>

#define NT 4
#define STEPS 60

long v[NT];
long devlog[NT][STEPS];

int
main (void)
{
#pragma omp parallel num_threads(NT)
  {
    int t = omp_get_thread_num ();

    v[t] = t;
    for (int s = 0; s < STEPS; s++)
      {
	if (s % 2 == 0)
	  {
#pragma omp target nowait depend(inout: v[t]) map(tofrom: v[t:1]) \
		   map(from: devlog[t][s:1]) firstprivate(s)
	    {
	      v[t] = 3 * v[t] + 1;
	      devlog[t][s] = v[t];
	    }
	  }
	else
	  {
#pragma omp task depend(inout: v[t]) firstprivate(t)
	    v[t] -= 2;
	  }
      }
#pragma omp taskwait
  }

  for (int t = 0; t < NT; t++)
    {
      long e = t;
      for (int s = 0; s < STEPS; s++)
	if (s % 2 == 0)
	  {
	    e = 3 * e + 1;
	    if (devlog[t][s] != e)
	      abort ();
	  }
	else
	  e -= 2;
      if (v[t] != e)
	abort ();
    }
  return 0;
}
