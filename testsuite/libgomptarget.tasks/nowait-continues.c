/* { dg-do run } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   target nowait lets the encountering thread go on: in each of four
   threads a target nowait region waits until a host flag is set, and
   the encountering thread sets that flag only after the directive.  A
   runtime that ran the region before returning would wait for ever; the
   region gives up after 10 s and reports it, so the test fails instead
   of hanging.  The region reaches the flag through its address (the
   emulated device runs in the host process).  */

#include <omp.h>
#include <stdint.h>
#include <stdlib.h>

#define NT 4

static int flag[NT];
int result[NT];

/* 1 when *FLAG became non-zero, 0 after a 10 s timeout.  */
static int
wait_flag (uintptr_t flagp)
{
  double start = omp_get_wtime ();
  while (!__atomic_load_n ((int *) flagp, __ATOMIC_ACQUIRE))
    if (omp_get_wtime () - start > 10.0)
      return 0;
  return 1;
}

#pragma omp declare target to(wait_flag)

int
main (void)
{
#pragma omp parallel num_threads(NT)
  {
    int t = omp_get_thread_num ();
    uintptr_t fp = (uintptr_t) &flag[t];

#pragma omp target nowait map(from: result[t:1])
    result[t] = wait_flag (fp) ? 1 : -1;
    __atomic_store_n (&flag[t], 1, __ATOMIC_RELEASE);
#pragma omp taskwait
    if (result[t] != 1)
      abort ();
  }
  return 0;
}
