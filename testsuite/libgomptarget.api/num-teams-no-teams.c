/* { dg-do run } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   Inside a target region without a teams construct omp_get_num_teams
   is 1 and omp_get_team_num is 0.  */

#include <stdlib.h>
#include <omp.h>

int
main (void)
{
  int nt = -1, tn = -1, initial = -1;

#pragma omp target map(from: nt, tn, initial)
  {
    nt = omp_get_num_teams ();
    tn = omp_get_team_num ();
    initial = omp_is_initial_device ();
  }
  if (nt != 1 || tn != 0 || initial != 0)
    abort ();
  return 0;
}
