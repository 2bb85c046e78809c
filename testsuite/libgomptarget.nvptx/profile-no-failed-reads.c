/* { dg-set-target-env-var GOMPTARGET_PROFILE_DEVICE_TIMES "all" } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   GOMPTARGET_PROFILE on the emulated GPU, with the device's times: the
   plugin reads the CUDA events of a copy or kernel once they have been
   reached, and does not ask for those the stream is still busy with
   (cuEventElapsedTime would answer CUDA_ERROR_NOT_READY, a driver call
   for nothing): the emulated driver's trace shows none of those calls,
   however many regions ran, while the trace has the device's times of
   every copy and kernel (the copies' asked for:
   GOMPTARGET_PROFILE_DEVICE_TIMES=all).  */

#include "../libgomptarget.profile/trace-check.h"

#define REGIONS 60

static void
work (void)
{
  int x = 0;

  for (int i = 0; i < REGIONS; i++)
    {
      #pragma omp target map(tofrom: x)
      x++;
    }
  if (x != REGIONS)
    fail ("x is %d, not %d", x, REGIONS);
}

int
main (int argc, char **argv)
{
  char path[512];
  struct jval *t;
  const char *s, *text;
  char *owned;
  int n, failed = 0;

  (void) argv;
  if (argc > 1)
    {
      work ();
      return 0;
    }
  snprintf (path, sizeof path, "%s/gt-profile-reads-%d.trace", tmp_dir (),
	    (int) getpid ());
  unlink (path);
  setenv ("GOMPTARGET_EMUL_CUDA_TRACE", path, 1);
  t = child_trace ("reads");
  check_events (t);
  /* A real GPU (contrib/gpu-kit) writes no such trace.  */
  owned = access (path, R_OK) == 0 ? read_file (path) : NULL;
  text = owned != NULL ? owned : "launch device=";
  unlink (path);
  for (s = text; (s = strstr (s, "notready call=cuEventElapsedTime")) != NULL;
       s++)
    failed++;
  if (strstr (text, "launch device=") == NULL)
    fail ("no launch in the emulated driver's trace");
  if ((n = count_spans (t, "region", "work._omp_fn.*")) != REGIONS)
    fail ("%d spans of region work, not %d", n, REGIONS);
  /* The device's times of every kernel and copy.  */
  if ((n = count_spans (t, "device", "work._omp_fn.*")) != REGIONS)
    fail ("%d device-clock spans of the kernel, not %d", n, REGIONS);
  if ((n = count_spans (t, "device", "copy to device")) != REGIONS
      || (n = count_spans (t, "device", "copy from device")) != REGIONS)
    fail ("%d device-clock spans of a copy, not %d", n, REGIONS);
  if (failed != 0)
    fail ("%d readings of events not reached yet (cuEventElapsedTime "
	  "CUDA_ERROR_NOT_READY) for %d regions", failed, REGIONS);
  printf ("readings not ready: %d\n", failed);
  free (owned);
  jfree (t);
  return 0;
}

/* { dg-final { gomptarget-output-includes {readings not ready: 0} } } */
