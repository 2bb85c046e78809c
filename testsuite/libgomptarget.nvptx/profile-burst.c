/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   GOMPTARGET_PROFILE with the nvptx plugin on its emulated GPU: a burst
   of nowait regions issued to one stream faster than it runs them (each
   kernel spins a while), waited for at the end.  The stream is busy when
   most are issued, so their times are read late, some after a read
   found them not reached yet: every kernel still has its span by the
   device's clock, and those spans follow one another on the device's
   track without overlapping.  */

#include "../libgomptarget.profile/trace-check.h"

#define N 200
/* How long each kernel spins: some 100 us.  */
#define SPIN 100000

static void
work (void)
{
  for (int i = 0; i < N; i++)
    {
#pragma omp target nowait
      for (volatile int k = 0; k < SPIN; k++)
	;
    }
#pragma omp taskwait
}

int
main (int argc, char **argv)
{
  struct jval *t;
  int i;

  (void) argv;
  if (argc > 1)
    {
      work ();
      return 0;
    }
  t = child_trace ("burst");
  check_events (t);
  if ((i = count_spans (t, "device", "work._omp_fn.*")) != N)
    fail ("%d kernels by the device's clock, not %d", i, N);
  check_spans_apart (t, "device", "work._omp_fn.*");
  printf ("burst: ok\n");
  jfree (t);
  return 0;
}

/* { dg-final { gomptarget-output-includes {burst: ok} } } */
