/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   GOMPTARGET_PROFILE with the nvptx plugin: the device's times of a
   kernel are taken by the kernel itself (%globaltimer, the plugin's
   kernel clock), not by CUDA events recorded around its launch, which
   cost the host a driver call each.  On the emulated GPU every
   cuEventRecord fails here, and each region still has its kernel's span
   by the device's clock: empty ones of one team, and ones of 32 teams
   that each spin SPIN_US on the device, whose span lasts about that
   long.  Each lies inside its region's span on the host.  On a real GPU
   (contrib/gpu-kit) the events work; the spans are the kernels' own
   all the same.  */

#include <omp.h>
#include <stdlib.h>
#include "../libgomptarget.profile/trace-check.h"
#include "device-spin.h"

#define REGIONS 20
#define SPIN_US 2000.0
/* More than the error of the clock's calibration.  */
#define SLACK_US 500.0

/* A span of the device's own clock counts as spun from this fraction of
   SPIN_US (device-spin.h says why).  */
#define SPUN_FRACTION 0.95

static void
work (void)
{
  for (int r = 0; r < REGIONS; r++)
    if (r % 2)
      {
#pragma omp target
	{
	}
      }
    else
      {
#pragma omp target teams num_teams(32)
	spin (SPIN_US);
      }
}

int
main (int argc, char **argv)
{
  struct jval *t;
  int i, n, spun = 0;
  double longest = 0;

  (void) argv;
  if (argc > 1)
    {
      work ();
      return 0;
    }
  /* Set here, not by the test's options: the real-GPU kit runs it.  */
  setenv ("GOMPTARGET_EMUL_CUDA_FAIL", "cuEventRecord=CUDA_ERROR_UNKNOWN", 1);
  t = child_trace ("clock");
  check_events (t);
  if ((n = count_spans (t, "region", "work._omp_fn.*")) != REGIONS)
    fail ("%d spans of the regions, not %d", n, REGIONS);
  if ((n = count_spans (t, "device", "work._omp_fn.*")) != REGIONS)
    fail ("%d kernels with a span by the device's clock, not %d", n,
	  REGIONS);
  if ((n = count_inside (t, "device", "work._omp_fn.*", "region",
			 "work._omp_fn.*", SLACK_US)) != REGIONS)
    fail ("%d of %d kernels' spans by the device's clock inside their "
	  "region's", n, REGIONS);
  for (i = 0; i < t->n; i++)
    if (is_span (t->vals[i], "device", "work._omp_fn.*"))
      {
	double dur = jnum (t->vals[i], "dur");
	if (dur >= SPUN_FRACTION * SPIN_US)
	  spun++;
	if (dur > longest)
	  longest = dur;
      }
  if (spun != REGIONS / 2)
    fail ("%d kernels' spans by the device's clock of %.0f us or more, "
	  "not %d (the longest: %.3f us)", spun, SPUN_FRACTION * SPIN_US,
	  REGIONS / 2, longest);
  printf ("trace: ok\n");
  jfree (t);
  return 0;
}

/* { dg-final { gomptarget-output-includes {trace: ok} } } */
