/* { dg-do run } */
/* { dg-set-target-env-var GOMPTARGET_HOST_DEVICES "2" } */
/* { dg-set-target-env-var OMP_NUM_TEAMS "3" } */
/* { dg-set-target-env-var OMP_NUM_TEAMS_DEV_0 "6" } */
/* { dg-set-target-env-var OMP_NUM_TEAMS_ALL "4" } */
/* { dg-set-target-env-var OMP_TEAMS_THREAD_LIMIT_DEV "5" } */
/* { dg-set-target-env-var OMP_DEFAULT_DEVICE_DEV_1 "7" } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   The ICVs of device scope (OpenMP 5.1, GCC 13): inside a region on an
   emulated device, omp_get_max_teams, omp_get_teams_thread_limit and
   omp_get_default_device give the device's nteams-var,
   teams-thread-limit-var and default-device-var, from the first of
   OMP_X_DEV_<n>, OMP_X_DEV and OMP_X_ALL that is set; a teams construct
   without clauses gets them; omp_set_num_teams in a region sets the
   device's value for later regions on that device only, not the host's
   nor another device's.  */

#include <omp.h>
#include <stdlib.h>

int
main (void)
{
  int host_teams = omp_get_max_teams ();
  int nt[2], tl[2], dd[2], teams = -1, limit = -1, d;

  for (d = 0; d < 2; d++)
    {
#pragma omp target device(d) map(from: nt[d:1], tl[d:1], dd[d:1])
      {
	nt[d] = omp_get_max_teams ();
	tl[d] = omp_get_teams_thread_limit ();
	dd[d] = omp_get_default_device ();
      }
    }
  if (nt[0] != 6 || nt[1] != 4 || tl[0] != 5 || tl[1] != 5
      || dd[0] != 0 || dd[1] != 7)
    abort ();

#pragma omp target device(1)
  omp_set_num_teams (9);
#pragma omp target teams device(1) map(from: teams, limit)
  if (omp_get_team_num () == 0)
    {
      teams = omp_get_num_teams ();
#pragma omp parallel num_threads(1)
      limit = omp_get_thread_limit ();
    }
  if (teams != 9 || limit != 5)
    abort ();
#pragma omp target device(0) map(from: nt[0:1])
  nt[0] = omp_get_max_teams ();
  if (nt[0] != 6 || omp_get_max_teams () != host_teams)
    abort ();

  /* A num_teams clause wins over the ICV.  */
#pragma omp target teams device(1) num_teams(2) map(from: teams)
  if (omp_get_team_num () == 0)
    teams = omp_get_num_teams ();
  if (teams != 2)
    abort ();
  return 0;
}
