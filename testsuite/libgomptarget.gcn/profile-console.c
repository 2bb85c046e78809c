/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   GOMPTARGET_PROFILE records the flushes of what a kernel printed (the
   GCN console ring, written on the host by the plugin): spans "console
   output" of category "console" on the track of the host thread that
   wrote them, for device 0, whose bytes add up to what was printed.  */

#include "../libgomptarget.profile/trace-check.h"

/* What the kernel prints: "line 0\n" to "line 2\n".  */
#define LINES 3
#define BYTES (LINES * 7)

int
main (int argc, char **argv)
{
  char path[512];
  struct jval *t;
  double bytes;
  int n;

  (void) argv;
  if (argc > 1)
    {
#pragma omp target
      for (int i = 0; i < LINES; i++)
	printf ("line %d\n", i);
      return 0;
    }
  snprintf (path, sizeof path, "%s/gt-profile-console-%d.json", tmp_dir (),
	    (int) getpid ());
  run_child ("GOMPTARGET_PROFILE", path);
  t = json_file (path);
  unlink (path);
  check_events (t);
  if ((n = count_spans (t, "console", "console output")) < 1)
    fail ("no flush of the device's console in the trace");
  if ((bytes = sum_arg (t, "console", "console output", "bytes")) != BYTES)
    fail ("the flushes wrote %.0f bytes, not %d", bytes, BYTES);
  if (sum_arg (t, "console", "console output", "device") != 0)
    fail ("a flush of a device other than 0");
  if ((n = count_tracks (t, "console", "console output")) < 1)
    fail ("the flushes on no named track");
  printf ("trace: ok\n");
  jfree (t);
  return 0;
}

/* { dg-output "line 0\nline 1\nline 2\n" } */
/* { dg-final { gomptarget-output-includes {trace: ok} } } */
