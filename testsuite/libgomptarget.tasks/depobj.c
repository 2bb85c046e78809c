/* { dg-do run } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   depend(depobj:) on target nowait and target update nowait, mixed
   with host tasks that name the same storage directly: a depobj made
   with inout orders like depend(inout:); after depobj update(in) two
   readers (a target task and a host task) run after the writer.  */

#include <omp.h>
#include <stdlib.h>
#include <time.h>

#define N 100

static void
sleep_ms (int ms)
{
  struct timespec ts = { 0, ms * 1000000L };
  nanosleep (&ts, NULL);
}

int a[N];

int
main (void)
{
  omp_depend_t o1, o2;
  long dev_sum = 0, host_sum = 0;
  int ok = 0;

#pragma omp depobj(o1) depend(inout: a)
#pragma omp depobj(o2) depend(inout: dev_sum)

#pragma omp parallel num_threads(4)
#pragma omp single
  {
#pragma omp task depend(out: a)
    {
      sleep_ms (40);
      for (int i = 0; i < N; i++)
	a[i] = i;
    }
#pragma omp target enter data map(alloc: a) nowait depend(depobj: o1)
#pragma omp target update to(a) nowait depend(depobj: o1)
#pragma omp target nowait depend(depobj: o1) map(alloc: a)
    {
      sleep_ms (40);
      for (int i = 0; i < N; i++)
	a[i] *= 5;
    }
#pragma omp target update from(a) nowait depend(depobj: o1)
#pragma omp depobj(o1) update(in)
    /* Two readers, both after the update above.  */
#pragma omp target nowait depend(depobj: o1, o2) map(alloc: a) \
		   map(from: dev_sum)
    {
      long s = 0;
      for (int i = 0; i < N; i++)
	s += a[i];
      dev_sum = s;
    }
#pragma omp task depend(depobj: o1) shared(host_sum)
    {
      long s = 0;
      for (int i = 0; i < N; i++)
	s += a[i];
      host_sum = s;
    }
#pragma omp target exit data map(delete: a) nowait depend(inout: a)
#pragma omp task depend(in: a, dev_sum) shared(ok)
    ok = !omp_target_is_present (a, omp_get_default_device ())
	 && dev_sum == 5L * N * (N - 1) / 2;
#pragma omp taskwait
  }
#pragma omp depobj(o1) destroy
#pragma omp depobj(o2) destroy

  if (!ok || host_sum != 5L * N * (N - 1) / 2)
    abort ();
  for (int i = 0; i < N; i++)
    if (a[i] != 5 * i)
      abort ();
  return 0;
}
