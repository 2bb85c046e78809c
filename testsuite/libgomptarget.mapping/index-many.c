/* { dg-do run } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   10^5 objects allocated one by one and mapped one by one, half of them
   unmapped in random order, mapped again, then all unmapped in random
   order: after each round every object is present exactly when it
   should be, at its start and inside, with its own device copy (the
   index of exact starts moves entries back when one is taken out).  */

#include <omp.h>
#include <stdlib.h>

void *omp_get_mapped_ptr (const void *, int);

#define N 100000
#define SIZE 24

#include "many-objects.h"

static char changed[N];

static void
check (int dev)
{
  for (int i = 0; i < N; i++)
    {
      char *d = omp_get_mapped_ptr (obj[i], dev);
      if ((d != NULL) != mapped[i]
	  || omp_target_is_present (obj[i] + SIZE - 1, dev) != mapped[i])
	abort ();
      if (d != NULL && (omp_get_mapped_ptr (obj[i] + 5, dev) != d + 5
			|| d == obj[i]))
	abort ();
    }
}

int
main (void)
{
  int dev = omp_get_default_device ();

  if (omp_get_num_devices () == 0 || dev == omp_get_initial_device ())
    return 0;
  for (int i = 0; i < N; i++)
    {
      if ((obj[i] = malloc (SIZE)) == NULL)
	abort ();
      for (int j = 0; j < SIZE; j++)
	obj[i][j] = (char) (i + j);
      order[i] = i;
    }
  for (int i = 0; i < N; i++)
    enter (i);
  check (dev);
  shuffle ();
  for (int i = 0; i < N / 2; i++)
    leave (order[i]);
  check (dev);
  /* The device copies of the others are intact: change them there.  */
  for (int i = N / 2; i < N; i += 7)
    {
      char *p = obj[order[i]];
#pragma omp target map(tofrom: p[0:SIZE])
      p[3] += 1;
      changed[order[i]] = 1;
    }
  for (int i = 0; i < N / 2; i++)
    enter (order[i]);
  check (dev);
  shuffle ();
  for (int i = 0; i < N; i++)
    leave (order[i]);
  check (dev);
  for (int i = 0; i < N; i++)
    {
      /* Those changed on the device above came back with one more.  */
      if (obj[i][0] != (char) i
	  || obj[i][3] != (char) (i + 3 + changed[i]))
	abort ();
      free (obj[i]);
    }
  return 0;
}
