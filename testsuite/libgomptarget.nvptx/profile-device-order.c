/* { dg-set-target-env-var GOMPTARGET_PROFILE_DEVICE_TIMES "all" } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   GOMPTARGET_PROFILE with the nvptx plugin on its emulated GPU: the
   device's times of the copies (GOMPTARGET_PROFILE_DEVICE_TIMES=all)
   and kernels of a stream, where an
   operation issued behind a running one shares its end event as its
   start, still order and nest.  Six regions copy a megabyte each way,
   three of them after the stream has been idle 20 ms: every span by the
   device's clock lies inside its region's span on the host (an operation
   issued to an idle stream does not start where the one before it
   ended, 20 ms earlier), and the spans of the device's track follow one
   another without overlapping.  */

#include <unistd.h>
#include "../libgomptarget.profile/trace-check.h"

#define N (256 * 1024)
#define ROUNDS 6
#define GAP_US 20000
/* Less than the gap, more than the calibration's error.  */
#define SLACK_US 2000.0

static int a[N];

static void
work (void)
{
  for (int r = 0; r < ROUNDS; r++)
    {
      if (r % 2)
	usleep (GAP_US);
#pragma omp target map(tofrom: a[0:N])
      for (int i = 0; i < N; i++)
	a[i] += 1;
    }
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
      return a[N - 1] != ROUNDS;
    }
  t = child_trace ("order");
  check_events (t);
  if ((i = count_spans (t, "device", "work._omp_fn.*")) != ROUNDS)
    fail ("%d kernels by the device's clock, not %d", i, ROUNDS);
  if ((i = count_spans (t, "device", "copy to device")) != ROUNDS
      || (i = count_spans (t, "device", "copy from device")) != ROUNDS)
    fail ("%d copies by the device's clock, not %d each way", i, ROUNDS);
  if ((i = count_inside (t, "device", "*", "region", "work._omp_fn.*",
			 SLACK_US)) != 3 * ROUNDS)
    fail ("%d of %d spans by the device's clock inside their region's",
	  i, 3 * ROUNDS);
  if (count_tracks (t, "device", "*") != 1)
    fail ("the device's times not on one track");
  check_spans_apart (t, "device", NULL);
  printf ("trace: ok\n");
  jfree (t);
  return 0;
}

/* { dg-final { gomptarget-output-includes {trace: ok} } } */
