/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   The body of the GOMPTARGET_PROFILE test of regions without variables
   (default device 0 of the folder), which the runtime runs without
   mapping anything: the program runs itself with GOMPTARGET_PROFILE set
   and reads the trace.  Known work: REGIONS waited regions
   empty._omp_fn.* with no variables, one after the other.  Each must
   show as a region span on the host thread's track (no variables, not
   nowait), with the launch on a queue's track inside it.  Where the
   file defines DEVICE_TIMES (GPU plugins): the kernel's time by the
   device's own clock inside each region's span, an arrow from where
   each launch was queued to the queue's span, one from the queue's span
   to the device's, and a wait span on the host thread's track inside
   each region's.  */

#include "trace-check.h"

#define REGIONS 4

static void
empty (void)
{
#pragma omp target
  {
  }
}

int
main (int argc, char **argv)
{
  struct jval *t;
  int n;

  (void) argv;
  if (argc > 1)
    {
      for (int i = 0; i < REGIONS; i++)
	empty ();
      return 0;
    }
  t = child_trace ("unmapped");
  check_events (t);
  if ((n = count_spans (t, "region", "empty._omp_fn.*")) != REGIONS)
    fail ("%d spans of region empty, not %d", n, REGIONS);
  if ((n = count_tracks (t, "region", "empty._omp_fn.*")) != 1)
    fail ("region empty on %d tracks, not 1", n);
  for (int i = 0; i < t->n; i++)
    if (is_span (t->vals[i], "region", "empty._omp_fn.*"))
      {
	const struct jval *args = jget (t->vals[i], "args");
	const struct jval *nowait = args ? jget (args, "nowait") : NULL;
	if (args == NULL || jnum (args, "mapnum") != 0
	    || jnum (args, "device") != 0 || nowait == NULL
	    || nowait->type != J_BOOL || nowait->num != 0)
	  fail ("region empty's span: not on device 0 with no variables,"
		" waited");
      }
  if ((n = count_spans (t, "queue", "empty._omp_fn.*")) != REGIONS)
    fail ("%d launches of empty on the queues' tracks, not %d", n,
	  REGIONS);
  if ((n = count_inside (t, "queue", "empty._omp_fn.*", "region",
			 "empty._omp_fn.*", 0)) != REGIONS)
    fail ("%d launches of empty inside the region's span, not %d", n,
	  REGIONS);
#ifdef DEVICE_TIMES
  if ((n = count_spans (t, "device", "empty._omp_fn.*")) != REGIONS)
    fail ("%d spans of kernel empty by the device's clock, not %d", n,
	  REGIONS);
  if ((n = count_inside (t, "device", "empty._omp_fn.*", "region",
			 "empty._omp_fn.*", 20)) != REGIONS)
    fail ("%d spans of kernel empty by the device's clock inside the "
	  "region's, not %d", n, REGIONS);
  if ((n = count_flows (t, "queued", true)) != REGIONS)
    fail ("%d arrows from queueing to running, not %d", n, REGIONS);
  if ((n = count_flows (t, "executed", true)) != REGIONS)
    fail ("%d arrows to the device's times, not %d", n, REGIONS);
  if ((n = count_inside (t, "wait", "wait", "region", "empty._omp_fn.*",
			 0)) != REGIONS)
    fail ("%d waits inside the region's span, not %d", n, REGIONS);
#endif
  printf ("unmapped: ok\n");
  jfree (t);
  return 0;
}
