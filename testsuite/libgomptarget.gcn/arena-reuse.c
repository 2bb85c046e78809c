/* { dg-set-target-env-var GOMP_DEBUG "1" } */

/* The stack and team-arena memory of a launch is kept for the launches
   that follow: regions of the same size or smaller reuse it, a bigger
   one makes a new block (which replaces the old one).  */

#include "gcn-test.h"

static int
run (int teams)
{
  int n = 0;

#pragma omp target teams num_teams(teams) thread_limit(2) map(tofrom: n)
  {
    if (omp_get_team_num () == 0)
      n = omp_get_num_teams ();
  }
  return n;
}

int
main (void)
{
  int i;

  for (i = 0; i < 5; i++)
    CHECK (run (2) == 2);
  CHECK (run (4) == 4);
  CHECK (run (1) == 1);
  CHECK (run (4) == 4);
  puts ("reuse ok");
  return 0;
}

/* { dg-final { gomptarget-output-includes {reuse ok} } } */
/* 5 launches of 2 teams and one of 1 share one block; the 2 launches of
   4 teams another.  */
/* { dg-final { gomptarget-output-count {bytes of stack and arena memory at} 2 } } */
/* { dg-final { gomptarget-output-count {launching run\._omp_fn\.0: [0-9]+ team\(s\)} 8 } } */
