/* teams-reduction.c -- a sum computed by a league of teams with
   distribute parallel for and a reduction.
   Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1  */

#include <stdio.h>
#include <omp.h>
#include "where.h"

#define N 1000000

int
main (void)
{
  static double x[N];
  double sum = 0.0;
  int initial = -1, devnum = -1, nteams = 0;

  for (int i = 0; i < N; i++)
    x[i] = (double) (i % 10);

  /* sum is a reduction variable: each team adds into its own copy, and
     the copies are combined and copied back when the region ends.  */
#pragma omp target teams distribute parallel for num_teams(4) \
		   map(to: x[0:N]) map(from: initial, devnum, nteams) \
		   reduction(+: sum)
  for (int i = 0; i < N; i++)
    {
      /* The iteration that handles element 0 reports where it ran.  */
      if (i == 0)
	{
	  initial = omp_is_initial_device ();
	  devnum = omp_get_device_num ();
	  nteams = omp_get_num_teams ();
	}
      sum += x[i];
    }

  printf ("teams-reduction: ran on %s with %d team(s)\n",
	  where (initial, devnum), nteams);

  /* Each block of ten elements adds up to 45.  */
  if (sum != 45.0 * (N / 10))
    {
      printf ("teams-reduction: FAIL: sum = %.1f, expected %.1f\n", sum,
	      45.0 * (N / 10));
      return 1;
    }
  printf ("teams-reduction: OK, sum of %d elements = %.1f\n", N, sum);
  return 0;
}
