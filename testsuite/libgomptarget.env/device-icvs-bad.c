/* { dg-do run } */
/* { dg-set-target-env-var GOMPTARGET_HOST_DEVICES "2" } */
/* { dg-set-target-env-var OMP_NUM_TEAMS_ALL "lots" } */
/* { dg-set-target-env-var OMP_NUM_TEAMS_DEV "5" } */
/* { dg-set-target-env-var OMP_NUM_TEAMS_DEV_0 "-3" } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   A device ICV form whose value is not a number draws one warning naming
   it, however many devices there are, and counts as not set: the next
   form applies (here OMP_NUM_TEAMS_DEV on device 0, as on device 1).  */

#include <omp.h>
#include <stdlib.h>

int
main (void)
{
  int d;

  for (d = 0; d < 2; d++)
    {
      int nt = -1;
#pragma omp target device(d) map(from: nt)
      nt = omp_get_max_teams ();
      if (nt != 5)
	abort ();
    }
  return 0;
}

/* { dg-final { gomptarget-output-count {libgomptarget: warning: OMP_NUM_TEAMS_ALL='lots'} 1 } } */
/* { dg-final { gomptarget-output-count {libgomptarget: warning: OMP_NUM_TEAMS_DEV_0='-3'[^\n]*using 5} 1 } } */
