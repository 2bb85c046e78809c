/* { dg-do run } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   Keys are taken out of a device's table where they are, through their
   parent, without splaying.  Objects mapped in address order (the keys
   then form a path), in reverse order and at random, taken out in
   address order, reverse order and at random, with lookups of interior
   addresses in between (those walk the tree and splay long walks, which
   moves keys and their parents): every object is present exactly when
   it should be, at its start and inside, with its own device copy, and
   a region sees and changes the right one.  */

#include <omp.h>
#include <stdlib.h>

void *omp_get_mapped_ptr (const void *, int);

#define N 20000
#define SIZE 40

#include "many-objects.h"

static int dev;

/* Object I is mapped exactly when it should be; an interior address
   (found by a walk down the tree) gives its own device copy.  */
static void
check_one (int i)
{
  char *d = omp_get_mapped_ptr (obj[i], dev);

  if ((d != NULL) != mapped[i]
      || omp_target_is_present (obj[i] + SIZE - 1, dev) != mapped[i]
      || omp_target_is_present (obj[i] + SIZE / 2, dev) != mapped[i])
    abort ();
  if (d != NULL && (omp_get_mapped_ptr (obj[i] + 7, dev) != d + 7
		    || d == obj[i]))
    abort ();
}

static void
check_all (void)
{
  for (int i = 0; i < N; i++)
    check_one (i);
}

/* Unmap object I, then look at a few objects at random: interior
   lookups in between removals.  */
static void
leave_check (int i)
{
  leave (i);
  for (int j = 0; j < 3; j++)
    check_one ((int) (rnd () % N));
}

/* Each mapped object's device copy is its own: increment it there.  */
static void
bump_mapped (void)
{
  for (int i = 0; i < N; i += 5)
    if (mapped[i])
      {
	char *p = obj[i];
#pragma omp target map(tofrom: p[0:SIZE])
	p[1]++;
#pragma omp target update from(p[0:SIZE])
	if (p[1] != (char) (i + 2))
	  abort ();
#pragma omp target map(tofrom: p[0:SIZE])
	p[1]--;
#pragma omp target update from(p[0:SIZE])
      }
}

/* Objects are allocated one by one; sort them by address so that "in
   address order" is that.  */
static int
by_address (const void *a, const void *b)
{
  const char *x = *(char *const *) a, *y = *(char *const *) b;

  return x < y ? -1 : x > y;
}

int
main (void)
{
  dev = omp_get_default_device ();
  if (omp_get_num_devices () == 0 || dev == omp_get_initial_device ())
    return 0;
  for (int i = 0; i < N; i++)
    if ((obj[i] = malloc (SIZE)) == NULL)
      abort ();
  qsort (obj, N, sizeof *obj, by_address);
  for (int i = 0; i < N; i++)
    {
      for (int j = 0; j < SIZE; j++)
	obj[i][j] = (char) (i + j);
      order[i] = i;
    }

  /* A path of keys, taken out from its far end: the smallest first.  */
  for (int i = 0; i < N; i++)
    enter (i);
  check_all ();
  bump_mapped ();
  for (int i = 0; i < N; i += 2)
    leave_check (i);
  check_all ();
  /* Back in reverse order, then out from the largest.  */
  for (int i = N - 2; i >= 0; i -= 2)
    enter (i);
  check_all ();
  bump_mapped ();
  for (int i = N - 1; i >= 0; i -= 3)
    leave_check (i);
  check_all ();
  /* At random, in and out, with interior lookups all along.  */
  for (int round = 0; round < 3; round++)
    {
      shuffle ();
      for (int i = 0; i < N; i++)
	{
	  int k = order[i];
	  if (mapped[k] && (rnd () & 1))
	    leave_check (k);
	  else if (!mapped[k])
	    enter (k);
	}
      check_all ();
      bump_mapped ();
    }
  shuffle ();
  for (int i = 0; i < N; i++)
    if (mapped[order[i]])
      leave_check (order[i]);
  check_all ();
  for (int i = 0; i < N; i++)
    {
      for (int j = 0; j < SIZE; j++)
	if (obj[i][j] != (char) (i + j))
	  abort ();
      free (obj[i]);
    }
  return 0;
}
