/* { dg-do run } */
/* { dg-set-target-env-var GOMPTARGET_POOL_MB "0" } */
/* { dg-set-target-env-var GOMPTARGET_HOST_MEMORY_MB "16" } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   Small device allocations of every size from 1 to 300 bytes (the
   emulated device serves those up to 256 bytes from cells), freed and
   allocated again many times over: each keeps what was written to it
   while its neighbours are written, freed and reused, a region reads
   them where they are, and what is freed is given back (with the pool
   of freed blocks off, every free reaches the device, and 40 rounds of
   over 3 MiB each pass a 16 MiB device only if they are).  Then four
   threads do the same at once, and small objects are mapped with enter
   data and read back with exit data.  */

#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define N 12000
#define MAX_SIZE 300
#define ROUNDS 40

static unsigned char *blk[N];
static size_t len[N];

static void
enter_one (char *p)
{
#pragma omp target enter data map(to: p[0:16])
}

static void
exit_one (char *p)
{
#pragma omp target exit data map(from: p[0:16])
}

static unsigned char
pattern (int i, int round, size_t j)
{
  return (unsigned char) (i * 7 + round * 13 + j * 3 + 1);
}

static void
fill (int dev, int host, int i, int round)
{
  unsigned char buf[MAX_SIZE];

  len[i] = 1 + (size_t) (i * 37 + round * 11) % MAX_SIZE;
  blk[i] = omp_target_alloc (len[i], dev);
  if (blk[i] == NULL)
    {
      fprintf (stderr, "round %d: cannot allocate %zu bytes\n", round,
	       len[i]);
      exit (1);
    }
  if (((size_t) blk[i] & 15) != 0)
    {
      fprintf (stderr, "%p: not aligned to 16 bytes\n", (void *) blk[i]);
      exit (1);
    }
  for (size_t j = 0; j < len[i]; j++)
    buf[j] = pattern (i, round, j);
  if (omp_target_memcpy (blk[i], buf, len[i], 0, 0, dev, host) != 0)
    abort ();
}

static void
check (int dev, int host, int i, int round)
{
  unsigned char buf[MAX_SIZE];

  if (omp_target_memcpy (buf, blk[i], len[i], 0, 0, host, dev) != 0)
    abort ();
  for (size_t j = 0; j < len[i]; j++)
    if (buf[j] != pattern (i, round, j))
      {
	fprintf (stderr, "round %d: block %d (%zu bytes) byte %zu: %u, not "
		 "%u\n", round, i, len[i], j, buf[j], pattern (i, round, j));
	exit (1);
      }
}

/* Thread T's own blocks, taken and freed beside the other threads'.  */
static int
threaded (int dev, int host, int t)
{
  enum { M = 2000 };
  static unsigned char *tb[4][M];
  unsigned char buf[MAX_SIZE];

  for (int round = 0; round < 10; round++)
    {
      for (int i = 0; i < M; i++)
	{
	  size_t n = 1 + (size_t) (i + round) % MAX_SIZE;
	  if ((tb[t][i] = omp_target_alloc (n, dev)) == NULL)
	    return 1;
	  memset (buf, t * 64 + round, n);
	  if (omp_target_memcpy (tb[t][i], buf, n, 0, 0, dev, host) != 0)
	    return 1;
	}
      for (int i = 0; i < M; i++)
	{
	  size_t n = 1 + (size_t) (i + round) % MAX_SIZE;
	  if (omp_target_memcpy (buf, tb[t][i], n, 0, 0, host, dev) != 0)
	    return 1;
	  for (size_t j = 0; j < n; j++)
	    if (buf[j] != (unsigned char) (t * 64 + round))
	      {
		fprintf (stderr, "thread %d, block %d: byte %zu is %u\n", t, i,
			 j, buf[j]);
		return 1;
	      }
	  omp_target_free (tb[t][i], dev);
	}
    }
  return 0;
}

int
main (void)
{
  int bad = 0;
  int dev = omp_get_default_device (), host = omp_get_initial_device ();
  static int round_of[N];
  static char *obj[N];
  long sum = 0, want = 0;

  for (int round = 0; round < ROUNDS; round++)
    {
      for (int i = 0; i < N; i++)
	{
	  fill (dev, host, i, round);
	  round_of[i] = round;
	}
      /* Every third freed and taken again, with other sizes.  */
      for (int i = 0; i < N; i += 3)
	omp_target_free (blk[i], dev);
      for (int i = 0; i < N; i += 3)
	{
	  fill (dev, host, i, round + 1);
	  round_of[i] = round + 1;
	}
      for (int i = 0; i < N; i++)
	check (dev, host, i, round_of[i]);
      if (round == 0)
	{
	  /* A region reads the first byte of each where it is.  */
#pragma omp target is_device_ptr(blk) map(tofrom: sum)
	  for (int i = 0; i < N; i++)
	    sum += blk[i][0];
	  for (int i = 0; i < N; i++)
	    want += pattern (i, round_of[i], 0);
	  if (sum != want)
	    {
	      fprintf (stderr, "region read %ld, not %ld\n", sum, want);
	      return 1;
	    }
	}
      for (int i = 0; i < N; i++)
	omp_target_free (blk[i], dev);
    }

#pragma omp parallel num_threads(4) reduction(+: bad)
  bad += threaded (dev, host, omp_get_thread_num () & 3);
  if (bad)
    return 1;

  /* Small objects mapped one by one: each has its own device copy.  */
  for (int i = 0; i < N; i++)
    {
      obj[i] = malloc (16);
      if (obj[i] == NULL)
	return 2;
      memset (obj[i], i & 0x7f, 16);
      enter_one (obj[i]);
    }
  for (int i = N - 1; i >= 0; i--)
    {
      char *p = obj[i];
#pragma omp target map(tofrom: p[0:16])
      for (int j = 0; j < 16; j++)
	p[j] += (char) j;
    }
  for (int i = 0; i < N; i++)
    {
      char *p = obj[i];
      memset (p, 0, 16);
      exit_one (p);
      for (int j = 0; j < 16; j++)
	if (p[j] != (char) ((i & 0x7f) + j))
	  {
	    fprintf (stderr, "object %d byte %d: %d\n", i, j, p[j]);
	    return 1;
	  }
      free (p);
    }
  return 0;
}
