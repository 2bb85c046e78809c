/* GCC 14 passes NUM_TEAMS -2 for a region without teams: one team, a
   grid of one block (the trace shows it), and the requested numbers
   otherwise.  */

/* { dg-gomptarget-gcc-min 14 } */

/* { dg-set-target-env-var GOMPTARGET_EMUL_CUDA_TRACE "nvptx-teams-gcc14.trace" } */

#include "nvptx-test.h"

int
main (void)
{
  int nt = 0;

  trace_reset ();
#pragma omp target map(from: nt)
  nt = omp_get_num_teams ();
  CHECK (nt == 1, "omp_get_num_teams () = %d", nt);
  TRACE_CHECK (trace_count ("launch", "grid=1,1,1", NULL) == 1,
	 "a region without teams did not run as one block");
#pragma omp target teams num_teams(7) map(from: nt)
  if (omp_get_team_num () == 0)
    nt = omp_get_num_teams ();
  CHECK (nt == 7, "omp_get_num_teams () = %d", nt);
  TRACE_CHECK (trace_count ("launch", "grid=7,1,1", NULL) == 1,
	 "num_teams(7) did not launch 7 blocks");
  return 0;
}
