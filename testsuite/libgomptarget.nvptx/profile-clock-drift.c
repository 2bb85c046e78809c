/* { dg-set-target-env-var GOMPTARGET_PROFILE_DEVICE_TIMES "all" } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   GOMPTARGET_PROFILE with the nvptx plugin: the GPU's timers, by which
   the kernels time themselves (%globaltimer, nvptx-clock.c) and CUDA
   events time the copies (nvptx-profile.c), do not run quite at the
   host clock's rate: the offset between the clocks, taken once as the
   device starts, drifts.  The emulated GPU's timers here run 2% fast,
   then 2% slow (GOMPTARGET_EMUL_CUDA_CLOCK_DRIFT): over the REGIONS
   regions, each of which copies an array each way and spins SPIN_US on
   the device, they gain (lose) several regions' worth.  Every span by
   the device's clock still lies inside its region's span on the host,
   and each kernel's lasts about SPIN_US: first with the kernels' clock
   alone (every cuEventRecord fails, and the regions copy nothing), then
   with copies timed by events (GOMPTARGET_PROFILE_DEVICE_TIMES=all).
   With the offsets of the start, the spans of the later regions would
   slide out of their regions, the kernels' clipped to nothing.  Last,
   by default (copies without the device's times, on the stream's track,
   each ending where the stream was next seen past it): each copy to the
   device ends by its kernel's start, each copy back starts after its
   kernel's end, by the kernel's own clock; a copy that ended by the
   offset before the kernel behind it set it right ended up to a
   region's drift after that kernel's start.  On a real GPU
   (contrib/gpu-kit) the drift is the GPU's own.  */

#include <omp.h>
#include <stdlib.h>
#include "../libgomptarget.profile/trace-check.h"
#include "device-spin.h"

#define REGIONS 30
#define SPIN_US 10000.0
/* More than the error of the clock's calibration.  */
#define SLACK_US 500.0
/* Microseconds: the rounding of a trace's times, and more.  */
#define ORDER_SLACK_US 1.0
/* A span counts as the spin's from this fraction of SPIN_US (a GPU's
   omp_get_wtime counts cycles at a rate its boost clock outruns).  */
#define SPUN_FRACTION 0.9
#define N (64 * 1024)

static int a[N];

/* The regions, copying A each way if COPIES.  */
static void
work (bool copies)
{
  for (int r = 0; r < REGIONS; r++)
    if (copies)
      {
#pragma omp target map(tofrom: a)
	{
	  spin (SPIN_US);
	  a[r] = r;
	}
      }
    else
      {
#pragma omp target
	spin (SPIN_US);
      }
}

/* How many of the REGIONS spans of the device named NAME in T lie inside
   their own region's span (the one of the same rank), give or take
   SLACK_US: a span that slid into a later region counts as outside.  */
static int
inside_own_region (const struct jval *t, const char *name)
{
  int nr, nd, n = -1;
  const struct jval **r = spans_by_start (t, "region", "work._omp_fn.*", &nr);
  const struct jval **d = spans_by_start (t, "device", name, &nd);

  if (nr == REGIONS && nd == REGIONS)
    for (int i = n = 0; i < REGIONS; i++)
      n += (jnum (d[i], "ts") >= jnum (r[i], "ts") - SLACK_US
	    && span_end (d[i]) <= span_end (r[i]) + SLACK_US);
  free (r);
  free (d);
  return n;
}

/* Check the trace of a run whose GPU timers drift by DRIFT; the copies
   are timed by events if EVENTS.  */
static void
check (const char *drift, bool events)
{
  struct jval *t;
  int i, n, spun = 0;
  double shortest = 1e30;

  setenv ("GOMPTARGET_EMUL_CUDA_CLOCK_DRIFT", drift, 1);
  /* Without events, the regions copy nothing (a copy behind a kernel
     needs an event).  */
  setenv ("DRIFT_TEST_COPIES", events ? "1" : "0", 1);
  if (events)
    unsetenv ("GOMPTARGET_EMUL_CUDA_FAIL");
  else
    setenv ("GOMPTARGET_EMUL_CUDA_FAIL", "cuEventRecord=CUDA_ERROR_UNKNOWN",
	    1);
  t = child_trace ("drift");
  check_events (t);
  if ((n = count_spans (t, "region", "work._omp_fn.*")) != REGIONS)
    fail ("drift %s: %d spans of the regions, not %d", drift, n, REGIONS);
  if ((n = count_spans (t, "device", "work._omp_fn.*")) != REGIONS)
    fail ("drift %s: %d kernels with a span by the device's clock, not %d",
	  drift, n, REGIONS);
  if (events
      && ((n = count_spans (t, "device", "copy to device")) != REGIONS
	  || (n = count_spans (t, "device", "copy from device")) != REGIONS))
    fail ("drift %s: %d copies by the device's clock, not %d each way",
	  drift, n, REGIONS);
  if ((n = inside_own_region (t, "work._omp_fn.*")) != REGIONS)
    fail ("drift %s: %d of %d kernels' spans by the device's clock inside "
	  "their region's", drift, n, REGIONS);
  if (events
      && ((n = inside_own_region (t, "copy to device")) != REGIONS
	  || (n = inside_own_region (t, "copy from device")) != REGIONS))
    fail ("drift %s: %d of %d copies' spans by the device's clock inside "
	  "their region's, one way", drift, n, REGIONS);
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

/* Check the default trace of a run whose GPU timers drift by DRIFT:
   the order of each region's copies and kernel on the stream.  */
static void
check_stream_order (const char *drift)
{
  struct jval *t;
  const struct jval **to, **from, **kernels;
  int nt, nf, nk;
  char what[64];

  setenv ("GOMPTARGET_EMUL_CUDA_CLOCK_DRIFT", drift, 1);
  setenv ("DRIFT_TEST_COPIES", "1", 1);
  unsetenv ("GOMPTARGET_EMUL_CUDA_FAIL");
  unsetenv ("GOMPTARGET_PROFILE_DEVICE_TIMES");
  t = child_trace ("drift-order");
  check_events (t);
  to = spans_by_start (t, "queue", "copy to device", &nt);
  from = spans_by_start (t, "queue", "copy from device", &nf);
  kernels = spans_by_start (t, "device", "work._omp_fn.*", &nk);
  if (nt != REGIONS || nf != REGIONS || nk != REGIONS)
    fail ("drift %s, default trace: %d copies to the device, %d back, %d "
	  "kernels by the device's clock, not %d each", drift, nt, nf, nk,
	  REGIONS);
  snprintf (what, sizeof what, "drift %s", drift);
  check_copies_around_kernels (what, to, from, kernels, NULL, REGIONS,
			       ORDER_SLACK_US);
  free ((void *) to);
  free ((void *) from);
  free ((void *) kernels);
  jfree (t);
}

int
main (int argc, char **argv)
{
  (void) argv;
  if (argc > 1)
    {
      const char *copies = getenv ("DRIFT_TEST_COPIES");
      work (copies != NULL && *copies == '1');
      return 0;
    }
  check ("20000", false);
  check ("-20000", false);
  check ("20000", true);
  check ("-20000", true);
  check_stream_order ("20000");
  check_stream_order ("-20000");
  printf ("trace: ok\n");
  return 0;
}

/* { dg-final { gomptarget-output-includes {trace: ok} } } */
