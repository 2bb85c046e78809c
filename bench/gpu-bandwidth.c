/* gpu-bandwidth.c -- GPU benchmark: host<->device bandwidth, copying an
   array of SIZE MiB (default 256) to and from a device where it is
   mapped (target update to / from), from pageable host memory.
   Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   Usage: gpu-bandwidth [SIZE_MIB [REPETITIONS]]
   Prints "rep h2d-GB/s G" and "rep d2h-GB/s G" for each repetition
   (gigabytes, 10^9 bytes, per second).  Built for nvptx; run it linked
   with -lgomptarget (or LD_PRELOAD) for gomptarget's nvptx plugin, or
   plain for GCC's own.  */

#include "bench.h"

#include <string.h>

int
main (int argc, char **argv)
{
  size_t bytes = (size_t) bench_arg (argc, argv, 1, 256) << 20;
  long reps = bench_arg (argc, argv, 2, 7);
  size_t n = bytes / sizeof (double);
  double *a = malloc (bytes);
  int ok = 0;

  BENCH_CHECK (a != NULL);
  for (size_t i = 0; i < n; i++)
    a[i] = (double) i;
  bench_where ();
#pragma omp target enter data map(to: a[0:n])
  for (long r = 0; r < reps; r++)
    {
      double t0 = bench_now (), t1, t2;
#pragma omp target update to(a[0:n])
      t1 = bench_now ();
#pragma omp target update from(a[0:n])
      t2 = bench_now ();
      printf ("rep h2d-GB/s %.2f\n", (double) bytes / (t1 - t0));
      printf ("rep d2h-GB/s %.2f\n", (double) bytes / (t2 - t1));
      fflush (stdout);
    }
  /* The data made the round trip.  */
#pragma omp target map(tofrom: ok)
  ok = a[n - 1] == (double) (n - 1) && a[1] == 1.0;
#pragma omp target exit data map(release: a[0:n])
  BENCH_CHECK (ok);
  BENCH_CHECK (a[n / 2] == (double) (n / 2));
  free (a);
  return 0;
}
