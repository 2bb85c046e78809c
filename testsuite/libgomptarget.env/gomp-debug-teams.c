/* { dg-do run } */
/* { dg-set-target-env-var GOMP_DEBUG "1" } */
/* { dg-final { gomptarget-output-includes {gomptarget: launch region [^\n]*teams: default, thread limit: default\)} } } */
/* { dg-final { gomptarget-output-includes {gomptarget: launch region [^\n]*teams: 3, thread limit: 2\)} } } */
/* { dg-final { gomptarget-output-excludes {[0-9] team\(s\)} } } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   The launch trace says what the construct asked for: a teams construct
   without num_teams and thread_limit launches "teams: default, thread
   limit: default" (the device's choice), never "0 team(s)".  */

#include <stdlib.h>
#include <omp.h>

int
main (void)
{
  int x = 0, y = 0;

#pragma omp target teams map(tofrom: x)
  {
    if (omp_get_team_num () == 0)
      x = 1;
  }
#pragma omp target teams num_teams(3) thread_limit(2) map(tofrom: y)
  {
    if (omp_get_team_num () == 0)
      y = 1;
  }
  if (x != 1 || y != 1)
    abort ();
  return 0;
}
