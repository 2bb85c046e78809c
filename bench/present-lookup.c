/* present-lookup.c -- benchmarks 2 and 3: a target region whose array
   section is already present while many other objects are mapped, and
   target enter/exit data per object; with MODE "scattered", the same
   for objects allocated one by one, looked up in random order.
   Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   Usage: present-lookup OBJECTS [BUDGET_MS [REPETITIONS [MODE]]]
   Each repetition maps OBJECTS distinct 16-byte objects one by one
   (target enter data map(to: big[32*i:16]): every second 16 bytes of one
   big array, so no two objects touch), runs target regions whose only
   map is an array section made present by an enclosing target data, for
   BUDGET_MS, and unmaps the objects again one by one.  It prints
     rep enter NS     nanoseconds per target enter data directive
     rep present NS   nanoseconds per target region
     rep exit NS      nanoseconds per target exit data directive

   MODE "scattered": the OBJECTS 16-byte objects are allocated one by
   one (malloc), entered and exited in the order of allocation, and each
   timed target region maps one of them, already present, picked in a
   fixed random order: every lookup of a table of OBJECTS keys goes
   where the previous one did not.  */

#include "bench.h"

#include <string.h>

#define OBJ_SIZE 16
#define OBJ_STRIDE 32
#define PRESENT_LEN 1024
#define CHUNK 16

static void
enter_one (char *p)
{
#pragma omp target enter data map(to: p[0:OBJ_SIZE])
}

static void
exit_one (char *p)
{
#pragma omp target exit data map(from: p[0:OBJ_SIZE])
}

/* Benchmark 2 and 3 on OBJECTS separately allocated objects, the region
   mapping one of them picked at random.  */
static int
scattered (long objects, double budget, long reps)
{
  char **obj = malloc ((size_t) objects * sizeof *obj);
  long *order = malloc ((size_t) objects * sizeof *order);
  unsigned long long seed = 88172645463325252ull;
  long total = 0, sum = 0, k = 0;

  if (!obj || !order)
    return 1;
  for (long i = 0; i < objects; i++)
    {
      if ((obj[i] = malloc (OBJ_SIZE)) == NULL)
	return 1;
      memset (obj[i], 0, OBJ_SIZE);
      order[i] = i;
    }
  /* Fisher-Yates with xorshift64: the same order in every column.  */
  for (long i = objects - 1; i > 0; i--)
    {
      long j, t;
      seed ^= seed << 13;
      seed ^= seed >> 7;
      seed ^= seed << 17;
      j = (long) (seed % (unsigned long long) (i + 1));
      t = order[i];
      order[i] = order[j];
      order[j] = t;
    }
  bench_where ();

  for (long r = 0; r < reps; r++)
    {
      double t0 = bench_now (), t;
      long n = 0;

      for (long i = 0; i < objects; i++)
	{
	  enter_one (obj[i]);
	}
      bench_report ("enter", bench_now () - t0, objects);

      t0 = bench_now ();
      do
	{
	  for (int j = 0; j < CHUNK; j++)
	    {
	      char *p = obj[order[k]];
	      if (++k == objects)
		k = 0;
#pragma omp target map(tofrom: p[0:OBJ_SIZE])
	      p[0]++;
	    }
	  n += CHUNK;
	}
      while ((t = bench_now () - t0) < budget);
      bench_report ("present", t, n);
      total += n;

      t0 = bench_now ();
      for (long i = 0; i < objects; i++)
	{
	  exit_one (obj[i]);
	}
      bench_report ("exit", bench_now () - t0, objects);
    }
  /* Every increment came back with the exit data's copy from; K went
     round ORDER, so no object counted more than one above another.  */
  for (long i = 0; i < objects; i++)
    sum += (unsigned char) obj[i][0];
  BENCH_CHECK (total <= 255 * objects ? sum == total : sum > 0);
  for (long i = 0; i < objects; i++)
    free (obj[i]);
  free (obj);
  free (order);
  return 0;
}

int
main (int argc, char **argv)
{
  long objects = bench_arg (argc, argv, 1, 1000);
  double budget = bench_budget (argc, argv, 2, 200);
  long reps = bench_arg (argc, argv, 3, 5);
  char *big;
  int *a;
  long total = 0;

  if (argc > 4 && strcmp (argv[4], "scattered") == 0)
    return scattered (objects, budget, reps);
  if (argc > 4)
    {
      fprintf (stderr, "%s: bad mode '%s'\n", argv[0], argv[4]);
      return 2;
    }
  big = malloc ((size_t) objects * OBJ_STRIDE);
  a = malloc (PRESENT_LEN * sizeof *a);
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
