/* rev-latency.c -- reverse-offload benchmark: the round trip of an empty
   reverse-offload call, a 'target device(ancestor: 1)' region with no
   map clause inside a region on a device, on each device.
   Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   Usage: rev-latency [CALLS [REPETITIONS]]
   Needs GCC 13 or newer (GCC 12 cannot compile reverse offload), e.g. in
   the Debian 13 root:
     gcc -O2 -fopenmp -foffload=disable bench/rev-latency.c -lgomptarget
   (the emulated host device), or with -foffload=nvptx-none
   -foffload-options=nvptx-none=-march=sm_70 or -foffload=amdgcn-amdhsa
   -foffload-options=amdgcn-amdhsa=-march=gfx90a for the GPUs (emulated:
   contrib/emulated-gpu nvptx|gcn ./a.out).
   For each device, one region makes CALLS calls (default 20000) to an
   empty host function, one after the other, and a region that makes none
   is timed too; each repetition (default 5) prints "rep rev-device-D NS",
   the nanoseconds per call (the difference over CALLS), and the program
   ends with one line per device: "device D: median NS ns per reverse
   offload call (CALLS calls, REPS repetitions)".  */

/* Before bench.h, whose probe is a target construct.  */
#pragma omp requires reverse_offload

#include "bench.h"

static long host_calls;

__attribute__ ((noinline)) static void
on_host (void)
{
  host_calls++;
}

/* Run a region on device DEV that makes CALLS reverse-offload calls;
   the nanoseconds it took.  */
static double
region (int dev, long calls)
{
  double t0 = bench_now ();

#pragma omp target device(dev) firstprivate(calls)
  for (long i = 0; i < calls; i++)
    {
#pragma omp target device(ancestor: 1)
      on_host ();
    }
  return bench_now () - t0;
}

static int
cmp_double (const void *a, const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;
  return x < y ? -1 : x > y;
}

int
main (int argc, char **argv)
{
  long calls = bench_arg (argc, argv, 1, 20000);
  long reps = bench_arg (argc, argv, 2, 5);
  int ndev = omp_get_num_devices ();
  double *per_call = malloc (reps * sizeof *per_call);

  bench_where ();
  BENCH_CHECK (per_call != NULL);
  for (int d = 0; d < ndev; d++)
    {
      char metric[32];
      long before;
      /* Warm up: image loading, the first requests.  */
      region (d, 100);
      before = host_calls;
      for (long r = 0; r < reps; r++)
	{
	  double with = region (d, calls), without = region (d, 0);
	  per_call[r] = (with - without) / (double) calls;
	  snprintf (metric, sizeof metric, "rev-device-%d", d);
	  bench_report (metric, per_call[r] * (double) calls, calls);
	}
      BENCH_CHECK (host_calls == before + reps * calls);
      qsort (per_call, reps, sizeof *per_call, cmp_double);
      printf ("device %d: median %.0f ns per reverse offload call (%ld "
	      "calls, %ld repetitions)\n", d, per_call[reps / 2], calls, reps);
    }
  free (per_call);
  return 0;
}
