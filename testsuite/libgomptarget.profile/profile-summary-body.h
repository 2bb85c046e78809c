/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   The body of the GOMPTARGET_SUMMARY=FILE test on every device (default
   device 0 of the folder): the program runs its known work in a run of
   itself and checks the figures of the summary: the count of each
   region, the bytes each way on device 0 (exactly the work's), a peak of
   device memory and of mapped keys, the time waited.  */

#include "trace-check.h"
#include "profile-work.h"

/* The number of the summary line of REGION: its count.  */
static long
region_count (const char *s, const char *region)
{
  const char *l = summary_line (s, NULL, region);

  if (l == NULL)
    fail ("no line for region %s", region);
  return strtol (l, NULL, 10);
}

int
main (int argc, char **argv)
{
  const char *l;
  char *s;
  long n;
  unsigned long long to, from, between, peak_mem, peak_keys;

  (void) argv;
  if (argc > 1)
    {
      work ();
      return 0;
    }
  s = child_summary ("summary");
  fputs (s, stdout);
  if ((n = region_count (s, "scale._omp_fn.0")) != 3)
    fail ("region scale counted %ld times, not 3", n);
  if ((n = region_count (s, "on_thread._omp_fn.0")) != 2)
    fail ("region on_thread counted %ld times, not 2", n);
  if ((n = region_count (s, "chain._omp_fn.0")) != 1
      || (n = region_count (s, "chain._omp_fn.1")) != 1
      || (n = region_count (s, "chain._omp_fn.2")) != 1)
    fail ("a nowait region of chain counted %ld times, not 1", n);
  l = summary_line (s, "0 ", NULL);
  if (l == NULL
      || sscanf (l, "0 %llu %llu %llu %llu %llu", &to, &from, &between,
		 &peak_mem, &peak_keys) != 5)
    fail ("no line for device 0");
  if (to != WORK_BYTES || from != WORK_BYTES)
    fail ("device 0: %llu bytes to and %llu from the device, not the "
	  "work's %zu", to, from, WORK_BYTES);
  if (between != 0)
    fail ("device 0: %llu bytes between devices", between);
  /* Three keys at once: the nowait regions of chain, all queued before
     taskwait.  */
  if (peak_mem < N * sizeof (int) || peak_keys != 3)
    fail ("device 0: peak memory %llu, peak keys %llu", peak_mem,
	  peak_keys);
  if (summary_line (s, "waiting for devices: ", NULL) == NULL)
    fail ("no line for the time waited");
  printf ("summary: ok\n");
  free (s);
  return 0;
}
