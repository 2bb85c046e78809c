/* { dg-do run } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   In a team, a nowait target construct is kept off the native runtime.
   A host task or a taskwait whose depend clauses do not reach it must not
   wait for it; a host task that depends on it still runs after it.  Each
   region waits (5 s at most) for a flag that the thread sets only after
   the unrelated host task, or the unrelated taskwait: a thread that
   waited there for the region would make it time out.  In a team of one
   thread (the host tasks run at the taskwaits) and of two (with
   single).  */

#include <omp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#define TIMEOUT 5.0

static int flag1, flag2;
static int x, y, z, seen_x;

#pragma omp declare target
static int
wait_for (uintptr_t p)
{
  double start = omp_get_wtime ();
  while (__atomic_load_n ((int *) p, __ATOMIC_ACQUIRE) == 0)
    if (omp_get_wtime () - start > TIMEOUT)
      return 0;
  return 1;
}
#pragma omp end declare target

static void
shape (const char *name)
{
  uintptr_t f1 = (uintptr_t) &flag1, f2 = (uintptr_t) &flag2;
  int ok1 = -1, ok2 = -1;

  flag1 = flag2 = x = y = z = 0;
  seen_x = -1;
#pragma omp target nowait depend(out: x) map(tofrom: x) map(from: ok1) \
		firstprivate(f1)
  {
    ok1 = wait_for (f1);
    x = 42;
  }
  /* Unrelated: created without waiting for the region.  */
#pragma omp task depend(out: y) shared(y)
  y = 1;
  __atomic_store_n (&flag1, 1, __ATOMIC_RELEASE);
  /* Related: after the region.  */
#pragma omp task depend(in: x) shared(seen_x, x)
  seen_x = x;

#pragma omp target nowait depend(out: z) map(tofrom: z) map(from: ok2) \
		firstprivate(f2)
  {
    ok2 = wait_for (f2);
    z = 7;
  }
  /* Waits for the host task on y, not for the second region.  */
#pragma omp taskwait depend(in: y)
  __atomic_store_n (&flag2, 1, __ATOMIC_RELEASE);
#pragma omp taskwait
  if (ok1 != 1 || ok2 != 1 || x != 42 || seen_x != 42 || y != 1 || z != 7)
    {
      fprintf (stderr, "FAIL: %s: ok1 %d, ok2 %d, x %d, seen %d, y %d, "
	       "z %d\n", name, ok1, ok2, x, seen_x, y, z);
      abort ();
    }
}

int
main (void)
{
#pragma omp parallel num_threads(1)
  shape ("parallel num_threads(1)");
#pragma omp parallel num_threads(2)
#pragma omp single
  shape ("parallel num_threads(2) + single");
  return 0;
}
