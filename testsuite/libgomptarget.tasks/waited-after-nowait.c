/* { dg-do run } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   A construct whose thread waits for it runs at once, not behind the
   nowait work the same thread queued on the same device before: in a
   team of one thread, a nowait region waits until a flag is set; the
   synchronous constructs that follow (a region with a map(tofrom:),
   target update, enter and exit data, each with its copies) run while it
   is still queued, and the last of them sets the flag.  A runtime that
   queued them behind the nowait region would have them wait for it, and
   it for them: the nowait region gives up after 5 s, and the test fails.
   The region reaches the flag through its address (the emulated device
   runs in the host process).  */

#include <omp.h>
#include <stdint.h>
#include <stdlib.h>

static int flag;

/* 1 when *FLAG reached V, 0 after a 5 s timeout.  */
static int
wait_flag (uintptr_t flagp, int v)
{
  double start = omp_get_wtime ();
  while (__atomic_load_n ((int *) flagp, __ATOMIC_ACQUIRE) < v)
    if (omp_get_wtime () - start > 5.0)
      return 0;
  return 1;
}

int
main (void)
{
  uintptr_t fp = (uintptr_t) &flag;
  int seen = -1, x = 1, y[4] = { 1, 2, 3, 4 }, i;
  double t0, t1;

#pragma omp parallel num_threads(1)
  {
#pragma omp target nowait map(from: seen) firstprivate(fp)
    seen = wait_flag (fp, 1);

    t0 = omp_get_wtime ();
#pragma omp target map(tofrom: x)
    x += 1;
#pragma omp target enter data map(to: y)
#pragma omp target map(tofrom: y)
    for (int j = 0; j < 4; j++)
      y[j] *= 10;
#pragma omp target update from(y)
#pragma omp target exit data map(release: y)
#pragma omp target firstprivate(fp)
    __atomic_store_n ((int *) fp, 1, __ATOMIC_RELEASE);
    t1 = omp_get_wtime ();
#pragma omp taskwait
  }
  if (seen != 1 || x != 2)
    abort ();
  for (i = 0; i < 4; i++)
    if (y[i] != 10 * (i + 1))
      abort ();
  /* They did not wait for the nowait region's timeout either.  */
  if (t1 - t0 > 2.5)
    abort ();
  return 0;
}
