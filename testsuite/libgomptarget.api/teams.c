/* { dg-do run } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   target teams distribute parallel for with a reduction gives the
   right sum; omp_get_num_teams inside is between 1 and the num_teams
   requested, and every team number below it is seen.  */

#include <stdlib.h>
#include <omp.h>

#define N 10000

int
main (void)
{
  long sum = 0;
  int nteams = -1, seen[4] = { -1, -1, -1, -1 }, i, initial = -1;

#pragma omp target teams num_teams(4) map(tofrom: sum, nteams, seen)
  {
    int t = omp_get_team_num ();
    if (t == 0)
      nteams = omp_get_num_teams ();
    if (t >= 0 && t < 4)
      seen[t] = t;
#pragma omp distribute parallel for reduction(+: sum)
    for (int j = 1; j <= N; j++)
      sum += j;
  }

  if (sum != (long) N * (N + 1) / 2)
    abort ();
  if (nteams < 1 || nteams > 4)
    abort ();
  for (i = 0; i < nteams; i++)
    if (seen[i] != i)
      abort ();

#pragma omp target map(from: initial)
  initial = omp_is_initial_device ();
  if (initial != 0)
    abort ();
  return 0;
}
