/* { dg-do run } */
/* { dg-set-target-env-var GOMP_DEBUG "1" } */
/* { dg-final { gomptarget-output-count {target task for device 0 queued on the device behind its predecessors} 62 } } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   Target tasks whose predecessors are all target tasks queued on the same
   device are queued behind them on the device at once; any host task
   among the predecessors leaves the ordering to the native runtime.  The
   order of every mix must hold: chains of target tasks on x (queued on
   the device behind one another: 59 of the lines counted), a target task
   behind two target tasks and two more behind it (3 lines), host tasks
   before and after target tasks in both directions, and a host task
   between two target tasks (left to the native runtime: no line).  Each task records its place in a log; the checks compare
   the values each one saw with those of the serial order.  */

#include <omp.h>
#include <stdlib.h>

#define CHAIN 20

long x, y, z, y2, z2;
long seen_chain[CHAIN], seen_host[3], seen_target[3];

int
main (void)
{
#pragma omp parallel num_threads(2)
#pragma omp single
  {
    /* Three chains of target tasks, each queued on the device behind
       the one before: 3 * CHAIN - 1 = 59 lines ...  */
    for (int c = 0; c < 3; c++)
      for (int i = 0; i < CHAIN; i++)
	{
#pragma omp target nowait depend(inout: x) map(tofrom: x) \
		map(from: seen_chain[i:1]) firstprivate(i)
	  {
	    seen_chain[i] = x;
	    x = x * 2 + 1;
	  }
	}
    /* ... host after target: the host task sees the chain's result.  */
#pragma omp task depend(in: x)
    seen_host[0] = x;

    /* Host before target: the target task sees what the host wrote.  */
#pragma omp task depend(out: y)
    y = 42;
#pragma omp target nowait depend(inout: y) map(tofrom: y) \
		map(from: seen_target[0:1])
    {
      seen_target[0] = y;
      y += 1;
    }
    /* Target, then host, then target on the same address: the second
       target task waits for the host task.  */
#pragma omp target nowait depend(out: z) map(tofrom: z)
    z = 7;
#pragma omp task depend(inout: z)
    {
      seen_host[1] = z;
      z *= 10;
    }
#pragma omp target nowait depend(inout: z) map(tofrom: z) \
		map(from: seen_target[1:1])
    {
      seen_target[1] = z;
      z += 3;
    }
    /* Behind two target predecessors: queued on the device, and the two
       after it too (3 lines).  */
#pragma omp target nowait depend(out: y2) map(tofrom: y2)
    y2 = 5;
#pragma omp target nowait depend(out: z2) map(tofrom: z2)
    z2 = 6;
#pragma omp target nowait depend(in: y2, z2) map(from: seen_target[2:1]) \
		map(to: y2, z2)
    seen_target[2] = y2 + z2;
#pragma omp target nowait depend(inout: y2) map(tofrom: y2)
    y2 += 100;
#pragma omp target nowait depend(inout: y2) map(tofrom: y2)
    y2 *= 2;
#pragma omp task depend(in: y2)
    seen_host[2] = y2;
#pragma omp taskwait
  }

  long e = 0;
  for (int c = 0; c < 3; c++)
    for (int i = 0; i < CHAIN; i++)
      {
	if (c == 2 && seen_chain[i] != e)
	  abort ();
	e = e * 2 + 1;
      }
  if (x != e || seen_host[0] != e)
    abort ();
  if (seen_target[0] != 42 || y != 43 || seen_host[1] != 7
      || seen_target[1] != 70 || z != 73)
    abort ();
  if (seen_target[2] != 11 || y2 != 210 || seen_host[2] != 210 || z2 != 6)
    abort ();
  return 0;
}
