/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   GOMPTARGET_PROFILE with the nvptx plugin reports a stream's operations
   (reads their times and records them) as a synchronisation begins to
   wait, while the device has work of the program's, not after it, where
   that work would add to the time the program waits: a waited region's
   copy back, known to have run only once the region's synchronisation
   returned, is recorded as the next region's synchronisation begins, so
   the trace file has it after the region's own span, which the same
   thread records as the region ends.
   With GOMPTARGET_PROFILE_DEVICE_TIMES=all (CUDA events, better read
   after a synchronisation) it comes before.  Every copy back is in the
   trace either way.  */

#include "../libgomptarget.profile/trace-check.h"

#define REGIONS 40

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

/* The file position of span E of T.  */
static int
position (const struct jval *t, const struct jval *e)
{
  for (int i = 0; i < t->n; i++)
    if (t->vals[i] == e)
      return i;
  return -1;
}

/* How many of the copies back of T's regions come after their region's
   span in the file; *N: how many there are.  The K-th copy back, in the
   order of their starts, is the K-th region's.  */
static int
copies_after_region (const struct jval *t, int *n)
{
  int nr, after = 0;
  const struct jval **r = spans_by_start (t, "region", "work._omp_fn*", &nr);
  const struct jval **c = spans_by_start (t, "queue", "copy from device", n);

  if (nr != REGIONS)
    fail ("%d regions in the trace, not %d", nr, REGIONS);
  for (int k = 0; k < *n && k < nr; k++)
    after += position (t, r[k]) < position (t, c[k]);
  free (r);
  free (c);
  return after;
}

int
main (int argc, char **argv)
{
  struct jval *t;
  int n, after;

  (void) argv;
  if (argc > 1)
    {
      work ();
      return 0;
    }
  unsetenv ("GOMPTARGET_PROFILE_DEVICE_TIMES");
  t = child_trace ("later");
  check_events (t);
  after = copies_after_region (t, &n);
  if (n != REGIONS)
    fail ("%d copies back in the trace, not %d", n, REGIONS);
  if (after != n)
    fail ("%d of %d copies back recorded before their region ended, "
	  "after its synchronisation", n - after, n);
  jfree (t);

  setenv ("GOMPTARGET_PROFILE_DEVICE_TIMES", "all", 1);
  t = child_trace ("later-all");
  check_events (t);
  after = copies_after_region (t, &n);
  if (n != REGIONS)
    fail ("with =all, %d copies back in the trace, not %d", n, REGIONS);
  if (after > n / 4)
    fail ("with =all, %d of %d copies back recorded after their region "
	  "ended, not after its synchronisation", after, n);
  jfree (t);
  puts ("later: ok");
  return 0;
}

/* { dg-final { gomptarget-output-includes {later: ok} } } */
