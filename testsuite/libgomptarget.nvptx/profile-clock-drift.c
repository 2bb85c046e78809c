/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   GOMPTARGET_PROFILE with the nvptx plugin, the kernels timing
   themselves by the GPU's %globaltimer (nvptx-clock.c), whose rate is
   not quite the host clock's: the offset between the two clocks, set
   once as the device starts, drifts.  The emulated GPU's timer here runs
   2% fast, then 2% slow (GOMPTARGET_EMUL_CUDA_CLOCK_DRIFT): over the
   REGIONS regions, each of which spins SPIN_US on the device, the
   timer gains (loses) several regions' worth.  Every kernel's span by
   the device's clock still lies inside its region's span on the host and
   lasts about SPIN_US.  With the offset of the start, the spans of the
   later regions would slide out of their regions, clipped to nothing.
   On a real GPU (contrib/gpu-kit) the drift is the GPU's own.  */

#include <omp.h>
#include <stdlib.h>
#include "../libgomptarget.profile/trace-check.h"

#define REGIONS 30
#define SPIN_US 10000.0
/* More than the error of the clock's calibration.  */
#define SLACK_US 500.0
/* A span counts as the spin's from this fraction of SPIN_US (a GPU's
   omp_get_wtime counts cycles at a rate its boost clock outruns).  */
#define SPUN_FRACTION 0.9

#pragma omp declare target
static double
now_us (void)
{
  return omp_get_wtime () * 1e6;
}

static void
spin (double us)
{
  double t0 = now_us ();

  while (now_us () - t0 < us)
    ;
}
#pragma omp end declare target

static void
work (void)
{
  for (int r = 0; r < REGIONS; r++)
    {
#pragma omp target
      spin (SPIN_US);
    }
}

static void
check (const char *drift)
{
  struct jval *t;
  int i, n, spun = 0;
  double shortest = 1e30;

  setenv ("GOMPTARGET_EMUL_CUDA_CLOCK_DRIFT", drift, 1);
  t = child_trace ("drift");
  check_events (t);
  if ((n = count_spans (t, "region", "work._omp_fn.*")) != REGIONS)
    fail ("drift %s: %d spans of the regions, not %d", drift, n, REGIONS);
  if ((n = count_spans (t, "device", "work._omp_fn.*")) != REGIONS)
    fail ("drift %s: %d kernels with a span by the device's clock, not %d",
	  drift, n, REGIONS);
  if ((n = count_inside (t, "device", "work._omp_fn.*", "region",
			 "work._omp_fn.*", SLACK_US)) != REGIONS)
    fail ("drift %s: %d of %d kernels' spans by the device's clock inside "
	  "their region's", drift, n, REGIONS);
  for (i = 0; i < t->n; i++)
    if (is_span (t->vals[i], "device", "work._omp_fn.*"))
      {
	double dur = jnum (t->vals[i], "dur");
	if (dur >= SPUN_FRACTION * SPIN_US)
	  spun++;
	if (dur < shortest)
	  shortest = dur;
      }
  if (spun != REGIONS)
    fail ("drift %s: %d kernels' spans by the device's clock of %.0f us or "
	  "more, not %d (the shortest: %.3f us)", drift, spun,
	  SPUN_FRACTION * SPIN_US, REGIONS, shortest);
  jfree (t);
}

int
main (int argc, char **argv)
{
  (void) argv;
  if (argc > 1)
    {
      work ();
      return 0;
    }
  /* The copies and launches without the clock are not timed by events:
     every span by the device's clock is the kernels' own.  */
  setenv ("GOMPTARGET_EMUL_CUDA_FAIL", "cuEventRecord=CUDA_ERROR_UNKNOWN", 1);
  check ("20000");
  check ("-20000");
  printf ("trace: ok\n");
  return 0;
}

/* { dg-final { gomptarget-output-includes {trace: ok} } } */
