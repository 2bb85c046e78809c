/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   The body of the test of GOMPTARGET_SUMMARY's peaks and waits against
   known work (default device 0 of the folder), in a run of itself:
   - 2 MiB and 4 MiB of device memory allocated at once
     (omp_target_alloc), then freed: peak memory at least 6 MiB, and less
     than 7 MiB (the mappings below take little);
   - five host buffers associated with device memory at once
     (omp_target_associate_ptr) while two variables are mapped (target
     enter data): a mapping-table peak of exactly 7 keys;
   - a nowait region that runs 50 ms, waited for by taskwait: at least
     10 ms waited, in at least one wait (the region may run a while
     before the thread that queued it gets to taskwait, on a busy
     machine), and no longer than the region (queued to completion, its
     line in the summary) and a little for the other waits.  */

#include "trace-check.h"

#include <omp.h>

#define MIB (1024 * 1024)
#define ASSOCIATED 5

static void
busy (double s)
{
  double t = omp_get_wtime ();

  while (omp_get_wtime () - t < s)
    ;
}
#pragma omp declare target to(busy)

static int x, y;
static char bufs[ASSOCIATED][64];

static void
work (void)
{
  int dev = omp_get_default_device ();
  char *p = (char *) omp_target_alloc (2 * MIB, dev);
  char *q = (char *) omp_target_alloc (4 * MIB, dev);

  if (p == NULL || q == NULL)
    fail ("omp_target_alloc failed");
#pragma omp target enter data map(to: x, y)
  for (int i = 0; i < ASSOCIATED; i++)
    if (omp_target_associate_ptr (bufs[i], p + 64 * i, 64, 0, dev) != 0)
      fail ("omp_target_associate_ptr %d failed", i);
  for (int i = 0; i < ASSOCIATED; i++)
    if (omp_target_disassociate_ptr (bufs[i], dev) != 0)
      fail ("omp_target_disassociate_ptr %d failed", i);
#pragma omp target exit data map(release: x, y)
  omp_target_free (p, dev);
  omp_target_free (q, dev);
#pragma omp target nowait
  busy (0.05);
#pragma omp taskwait
}

int
main (int argc, char **argv)
{
  const char *l;
  char *s;
  unsigned long long to, from, between, peak_mem, peak_keys, waits, count;
  double wait_ms, region_ms;

  (void) argv;
  if (argc > 1)
    {
      work ();
      return 0;
    }
  s = child_summary ("figures");
  fputs (s, stdout);
  l = summary_line (s, "0 ", NULL);
  if (l == NULL
      || sscanf (l, "0 %llu %llu %llu %llu %llu", &to, &from, &between,
		 &peak_mem, &peak_keys) != 5)
    fail ("no line for device 0");
  if (peak_mem < 6 * MIB || peak_mem >= 7 * MIB)
    fail ("device 0: peak memory %llu, not between 6 and 7 MiB", peak_mem);
  if (peak_keys != ASSOCIATED + 2)
    fail ("device 0: peak keys %llu, not %d", peak_keys, ASSOCIATED + 2);
  l = summary_line (s, "waiting for devices: ", NULL);
  if (l == NULL
      || sscanf (l, "waiting for devices: %lf ms in %llu wait(s)", &wait_ms,
		 &waits) != 2)
    fail ("no line for the time waited");
  l = summary_line (s, NULL, "work._omp_fn.0");
  if (l == NULL || sscanf (l, "%llu %lf", &count, &region_ms) != 2
      || count != 1)
    fail ("no line for the one region of work");
  if (wait_ms < 10 || wait_ms > region_ms + 10 || waits < 1)
    fail ("%.3f ms waited in %llu wait(s), not 10 ms to the region's "
	  "%.3f ms (and 10 ms) in at least one", wait_ms, waits, region_ms);
  printf ("summary: ok\n");
  free (s);
  return 0;
}
