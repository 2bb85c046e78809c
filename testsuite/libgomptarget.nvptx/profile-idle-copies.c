/* { dg-set-target-env-var GOMPTARGET_PROFILE_DEVICE_TIMES "all" } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   GOMPTARGET_PROFILE with the nvptx plugin does not change how a copy
   runs.  A copy to the device on an idle stream is made at once from
   staging memory; behind pending work, a host function reads the data
   when the stream gets there, which costs tens of microseconds on a
   GPU.  The CUDA event that times the copy is recorded on the stream
   before it, and until the driver has reached it the stream is not idle:
   a copy that asked the driver after it took the slow path (35 us more
   per region mapping a scalar on an H100).  Traced waited regions that
   map a scalar, each on an idle stream, run no host function: the
   emulated driver's trace has none, and the trace has the device's times
   of every copy (asked for: GOMPTARGET_PROFILE_DEVICE_TIMES=all).  */

#include "../libgomptarget.profile/trace-check.h"

#define REGIONS 200

static void
work (void)
{
  long x = 0;

  for (int i = 0; i < REGIONS; i++)
    {
      #pragma omp target map(tofrom: x)
      x++;
    }
  if (x != REGIONS)
    fail ("x is %ld, not %d", x, REGIONS);
}

int
main (int argc, char **argv)
{
  char path[512];
  struct jval *t;
  const char *s, *text;
  char *owned;
  int n, host_fns = 0;

  (void) argv;
  if (argc > 1)
    {
      work ();
      return 0;
    }
  snprintf (path, sizeof path, "%s/gt-profile-idle-%d.trace", tmp_dir (),
	    (int) getpid ());
  unlink (path);
  setenv ("GOMPTARGET_EMUL_CUDA_TRACE", path, 1);
  t = child_trace ("idle");
  check_events (t);
  /* A real GPU (contrib/gpu-kit) writes no such trace.  */
  owned = access (path, R_OK) == 0 ? read_file (path) : NULL;
  text = owned != NULL ? owned : "launch device=";
  unlink (path);
  if (strstr (text, "launch device=") == NULL)
    fail ("no launch in the emulated driver's trace");
  for (s = text; (s = strstr (s, "hostfn device=")) != NULL; s++)
    host_fns++;
  if ((n = count_spans (t, "region", "work._omp_fn.*")) != REGIONS)
    fail ("%d spans of region work, not %d", n, REGIONS);
  if ((n = count_spans (t, "device", "copy to device")) != REGIONS
      || (n = count_spans (t, "device", "copy from device")) != REGIONS)
    fail ("%d device-clock spans of a copy, not %d", n, REGIONS);
  if (host_fns != 0)
    fail ("%d host functions for %d traced regions on an idle stream",
	  host_fns, REGIONS);
  printf ("host functions: %d\n", host_fns);
  free (owned);
  jfree (t);
  return 0;
}

/* { dg-final { gomptarget-output-includes {host functions: 0} } } */
