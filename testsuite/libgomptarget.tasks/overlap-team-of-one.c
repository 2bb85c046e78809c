/* { dg-do run } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   In a team of one thread, a nowait target region overlaps the host work
   that follows it: the region waits until a host flag is set, and the
   only thread of the team sets it after the directive, before the
   taskwait.  A runtime whose target task ran the region on the thread
   that executes the task (that is, at the taskwait) would find the flag
   never set: the region gives up after 10 s and reports it.  Both with
   and without depend clauses, and for a chain of two regions.  The
   region reaches the flag through its address (the emulated device runs
   in the host process).  */

#include <omp.h>
#include <stdint.h>
#include <stdlib.h>

static int flag;

/* 1 when *FLAG reached V, 0 after a 10 s timeout.  */
static int
wait_flag (uintptr_t flagp, int v)
{
  double start = omp_get_wtime ();
  while (__atomic_load_n ((int *) flagp, __ATOMIC_ACQUIRE) < v)
    if (omp_get_wtime () - start > 10.0)
      return 0;
  return 1;
}

int
main (void)
{
  uintptr_t fp = (uintptr_t) &flag;
  int seen1 = -1, seen2 = -1, seen3 = -1, d;

#pragma omp parallel num_threads(1)
  {
    if (omp_get_num_threads () != 1)
      abort ();

#pragma omp target nowait map(from: seen1) firstprivate(fp)
    seen1 = wait_flag (fp, 1);
    __atomic_store_n (&flag, 1, __ATOMIC_RELEASE);
#pragma omp taskwait

    /* A chain: the second region runs after the first, both after the
       directive.  */
#pragma omp target nowait depend(out: d) map(from: seen2) firstprivate(fp)
    seen2 = wait_flag (fp, 2);
#pragma omp target nowait depend(in: d) map(from: seen3) firstprivate(fp)
    seen3 = wait_flag (fp, 2);
    __atomic_store_n (&flag, 2, __ATOMIC_RELEASE);
#pragma omp taskwait
  }
  if (seen1 != 1 || seen2 != 1 || seen3 != 1)
    abort ();
  return 0;
}
