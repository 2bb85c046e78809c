/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   GOMPTARGET_PROFILE's timestamps across milliseconds (the writer keeps
   the text of the milliseconds of the last ones it wrote): six regions
   on the emulated host device, 1.5 ms apart, each mapping an int to and
   from the device.  Their spans must lie at least that far apart, in
   order, and each copy inside a region's span.  */

#include "trace-check.h"

#include <time.h>

#define REGIONS 6
#define GAP_US 1500

static int
by_value (const void *a, const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return (x > y) - (x < y);
}

int
main (int argc, char **argv)
{
  struct jval *t;
  double ts[REGIONS];
  int n = 0;

  (void) argv;
  if (argc > 1)
    {
      struct timespec gap = { 0, GAP_US * 1000L };
      int x = 0;

      for (int i = 0; i < REGIONS; i++)
	{
#pragma omp target map(tofrom: x)
	  x++;
	  nanosleep (&gap, NULL);
	}
      return x == REGIONS ? 0 : 1;
    }
  t = child_trace ("millis");
  check_events (t);
  for (int i = 0; i < t->n; i++)
    if (is_span (t->vals[i], "region", NULL))
      {
	if (n == REGIONS)
	  fail ("more than %d region spans", REGIONS);
	ts[n++] = jnum (t->vals[i], "ts");
      }
  if (n != REGIONS)
    fail ("%d region spans, not %d", n, REGIONS);
  qsort (ts, REGIONS, sizeof *ts, by_value);
  for (int i = 1; i < REGIONS; i++)
    if (ts[i] - ts[i - 1] < GAP_US)
      fail ("regions %d and %d start %.3f us apart, less than the %d us "
	    "between them", i - 1, i, ts[i] - ts[i - 1], GAP_US);
  if ((n = count_inside (t, "copy", "copy to device", "region", NULL, 0))
      != REGIONS)
    fail ("%d copies to the device inside a region's span, not %d", n,
	  REGIONS);
  if ((n = count_inside (t, "copy", "copy from device", "region", NULL, 0))
      != REGIONS)
    fail ("%d copies from the device inside a region's span, not %d", n,
	  REGIONS);
  printf ("millis: ok\n");
  jfree (t);
  return 0;
}

/* { dg-final { gomptarget-output-includes {millis: ok} } } */
