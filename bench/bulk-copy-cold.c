/* bulk-copy-cold.c -- benchmark 4 cold: the first map(tofrom:) of 64 MiB
   of fresh memory, in a process that has already mapped and released
   10^6 small objects, against two memcpy of the same size.
   Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   Usage: bulk-copy-cold
   Prints once (run the program several times for a median)
     rep tofrom NS   nanoseconds for the first target region that maps a
		     new 64 MiB array tofrom and touches one element of it
     rep memcpy NS   nanoseconds for two memcpy of 64 MiB to a buffer that
		     already exists and back (the best case of a copy).  */

#include <string.h>
#include "bench.h"

#define BYTES (64L << 20)
#define SMALL 1000000

int
main (void)
{
  static char small[SMALL][16];
  char *a, *b;
  double t0, t;

  bench_where ();
  /* Map and release many small objects, as a program would before it
     gets to its big array.  */
  for (long i = 0; i < SMALL; i++)
    {
#pragma omp target enter data map(to: small[i][0:16])
    }
  for (long i = 0; i < SMALL; i++)
    {
#pragma omp target exit data map(release: small[i][0:16])
    }

  a = malloc (BYTES);
  b = malloc (BYTES);
  if (!a || !b)
    return 1;
  memset (a, 1, BYTES);
  memset (b, 2, BYTES);

  t0 = bench_now ();
#pragma omp target map(tofrom: a[0:BYTES])
  a[0]++;
  bench_report ("tofrom", bench_now () - t0, 1);

  /* Two copies of 64 MiB into memory that is already there.  */
  memcpy (b, a, BYTES);
  t0 = bench_now ();
  memcpy (b, a, BYTES);
  __asm__ __volatile__ ("" : : "r" (b) : "memory");
  memcpy (a, b, BYTES);
  __asm__ __volatile__ ("" : : "r" (a) : "memory");
  t = bench_now () - t0;
  bench_report ("memcpy", t, 1);

  BENCH_CHECK ((unsigned char) a[0] == 2);
  BENCH_CHECK (a[BYTES - 1] == 1);
  return 0;
}
