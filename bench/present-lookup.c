/* present-lookup.c -- benchmarks 2 and 3: a target region whose array
   section is already present while many other objects are mapped, and
   target enter/exit data per object.
   Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   Usage: present-lookup OBJECTS [BUDGET_MS [REPETITIONS]]
   Each repetition maps OBJECTS distinct 16-byte objects one by one
   (target enter data map(to: big[32*i:16]): every second 16 bytes of one
   big array, so no two objects touch), runs target regions whose only
   map is an array section made present by an enclosing target data, for
   BUDGET_MS, and unmaps the objects again one by one.  It prints
     rep enter NS     nanoseconds per target enter data directive
     rep present NS   nanoseconds per target region
     rep exit NS      nanoseconds per target exit data directive  */

#include "bench.h"

#define OBJ_SIZE 16
#define OBJ_STRIDE 32
#define PRESENT_LEN 1024
#define CHUNK 16

int
main (int argc, char **argv)
{
  long objects = bench_arg (argc, argv, 1, 1000);
  double budget = bench_budget (argc, argv, 2, 200);
  long reps = bench_arg (argc, argv, 3, 5);
  char *big = malloc ((size_t) objects * OBJ_STRIDE);
  int *a = malloc (PRESENT_LEN * sizeof *a);
  long total = 0;

  if (!big || !a)
    return 1;
  for (long i = 0; i < objects * OBJ_STRIDE; i++)
    big[i] = (char) i;
  for (int i = 0; i < PRESENT_LEN; i++)
    a[i] = 0;
  bench_where ();

#pragma omp target data map(tofrom: a[0:PRESENT_LEN])
  {
    for (long r = 0; r < reps; r++)
      {
	double t0 = bench_now (), t;
	long n = 0;

	for (long i = 0; i < objects; i++)
	  {
#pragma omp target enter data map(to: big[OBJ_STRIDE * i:OBJ_SIZE])
	  }
	bench_report ("enter", bench_now () - t0, objects);

	/* Warm up, then time.  */
	for (long i = 0; i < 100; i++)
	  {
#pragma omp target map(tofrom: a[0:PRESENT_LEN])
	    a[0]++;
	  }
	t0 = bench_now ();
	do
	  {
	    for (int j = 0; j < CHUNK; j++)
	      {
#pragma omp target map(tofrom: a[0:PRESENT_LEN])
		a[0]++;
	      }
	    n += CHUNK;
	  }
	while ((t = bench_now () - t0) < budget);
	bench_report ("present", t, n);
	total += 100 + n;

	t0 = bench_now ();
	for (long i = 0; i < objects; i++)
	  {
#pragma omp target exit data map(release: big[OBJ_STRIDE * i:OBJ_SIZE])
	  }
	bench_report ("exit", bench_now () - t0, objects);
      }
  }
  /* The regions' increments stay on the device until the end of the
     target data region; on the host fallback they happen in place.  */
  BENCH_CHECK (a[0] == total);
  return 0;
}
