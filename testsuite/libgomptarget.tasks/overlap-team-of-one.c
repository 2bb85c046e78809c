/* { dg-do run } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   In a team of one thread, a nowait target region overlaps the host work
   that follows it: the region waits until a host flag is set, and the
   only thread of the team sets it after the directive, then waits for
   the region to acknowledge it, before the taskwait.  A runtime whose
   target task ran the region at the directive would find the flag never
   set, and one that ran it on the thread that executes the task (that
   is, at the taskwait) would never acknowledge it: each side gives up
   after 10 s and the test fails.  Both with and without depend clauses,
   and for a chain of two regions.  The region reaches the flags through
   their addresses (the emulated device runs in the host process).  */

#include <omp.h>
#include <stdint.h>
#include <stdlib.h>

static int flag, ack;

/* 1 when *P reached V, 0 after a 10 s timeout.  */
static int
wait_flag (uintptr_t p, int v)
{
  double start = omp_get_wtime ();
  while (__atomic_load_n ((int *) p, __ATOMIC_ACQUIRE) < v)
    if (omp_get_wtime () - start > 10.0)
      return 0;
  return 1;
}

/* The region's side: wait for the flag to reach V, then acknowledge.  */
static int
region_side (uintptr_t fp, uintptr_t ap, int v)
{
  if (!wait_flag (fp, v))
    return 0;
  __atomic_store_n ((int *) ap, v, __ATOMIC_RELEASE);
  return 1;
}

/* The host's side, after the directive: set the flag to V and wait for
   the region to acknowledge it.  */
static void
host_side (int v)
{
  __atomic_store_n (&flag, v, __ATOMIC_RELEASE);
  if (!wait_flag ((uintptr_t) &ack, v))
    abort ();
}

int
main (void)
{
  uintptr_t fp = (uintptr_t) &flag, ap = (uintptr_t) &ack;
  int seen1 = -1, seen2 = -1, seen3 = -1, d;

#pragma omp parallel num_threads(1)
  {
    if (omp_get_num_threads () != 1)
      abort ();

#pragma omp target nowait map(from: seen1) firstprivate(fp, ap)
    seen1 = region_side (fp, ap, 1);
    host_side (1);
#pragma omp taskwait

    /* A chain: the second region runs after the first, both after the
       directive.  */
#pragma omp target nowait depend(out: d) map(from: seen2) \
		   firstprivate(fp, ap)
    seen2 = region_side (fp, ap, 2);
#pragma omp target nowait depend(in: d) map(from: seen3) \
		   firstprivate(fp, ap)
    seen3 = region_side (fp, ap, 3);
    host_side (2);
    host_side (3);
#pragma omp taskwait
  }
  if (seen1 != 1 || seen2 != 1 || seen3 != 1)
    abort ();
  return 0;
}
