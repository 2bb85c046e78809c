/* { dg-do run } */
/* { dg-gomptarget-no-wrapper "under Valgrind each device allocation is a malloc block" } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   The emulated device keeps the device copies of small objects close
   together: the copies of 4096 objects of 16 bytes mapped one after
   another, and 4096 allocations of 64 bytes, lie one after another,
   64 bytes apart (a malloc block of its own each would put a header
   between them), so that a region that maps one of many such objects
   touches few pages.  GOMPTARGET_HOST_CELLS=0 turns that off; so does
   AddressSanitizer, with which this test checks nothing.  */

#include <omp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#define N 4096

/* OpenMP 5.1; GCC 12's omp.h does not declare it.  */
void *omp_get_mapped_ptr (const void *, int);

static void
enter_one (char *p)
{
#pragma omp target enter data map(to: p[0:16])
}

static void
exit_one (char *p)
{
#pragma omp target exit data map(release: p[0:16])
}

/* How many of the N addresses in A lie 64 bytes after the one before.  */
static int
packed (uintptr_t *a)
{
  int n = 0;

  for (int i = 1; i < N; i++)
    n += a[i] == a[i - 1] + 64;
  return n;
}

int
main (void)
{
  int dev = omp_get_default_device ();
  static uintptr_t addr[N];
  static char *obj[N];
  static void *blk[N];
  int n;

#ifdef __SANITIZE_ADDRESS__
  printf ("AddressSanitizer: each device allocation is a malloc block\n");
  return 0;
#endif
  for (int i = 0; i < N; i++)
    {
      obj[i] = malloc (16);
      if (obj[i] == NULL)
	return 2;
      enter_one (obj[i]);
      addr[i] = (uintptr_t) omp_get_mapped_ptr (obj[i], dev);
      if (addr[i] == 0)
	{
	  fprintf (stderr, "object %d not mapped\n", i);
	  return 1;
	}
    }
  if ((n = packed (addr)) < N * 9 / 10)
    {
      fprintf (stderr, "%d of %d device copies follow the one before\n", n,
	       N - 1);
      return 1;
    }
  for (int i = 0; i < N; i++)
    {
      exit_one (obj[i]);
      free (obj[i]);
    }

  for (int i = 0; i < N; i++)
    {
      blk[i] = omp_target_alloc (64, dev);
      addr[i] = (uintptr_t) blk[i];
      if (blk[i] == NULL)
	return 1;
    }
  if ((n = packed (addr)) < N * 9 / 10)
    {
      fprintf (stderr, "%d of %d allocations follow the one before\n", n,
	       N - 1);
      return 1;
    }
  for (int i = 0; i < N; i++)
    omp_target_free (blk[i], dev);
  return 0;
}
