/* Teams and threads through the nvptx plugin: num_teams and thread_limit
   become the launch grid (teams x 1 x 1 blocks of 32 x threads), as the
   emulated driver's trace records it, and a teams reduction computes the
   right sum.  */

/* { dg-set-target-env-var GOMPTARGET_EMUL_CUDA_TRACE "nvptx-teams.trace" } */

#include "nvptx-test.h"

#define N 100000

int
main (void)
{
  static double x[N];
  double sum = 0;
  int nt = 0, i;

  trace_reset ();
  for (i = 0; i < N; i++)
    x[i] = i;

#pragma omp target teams distribute parallel for num_teams(6) \
	thread_limit(4) map(to: x) reduction(+: sum)
  for (i = 0; i < N; i++)
    sum += x[i];
  CHECK (sum == (double) N * (N - 1) / 2, "sum = %g", sum);
  TRACE_CHECK (trace_count ("launch", "grid=6,1,1", "block=32,4,1", NULL) == 1,
	 "no launch of 6 teams of 4 threads in the trace");

#pragma omp target teams num_teams(3) map(from: nt)
  if (omp_get_team_num () == 0)
    nt = omp_get_num_teams ();
  CHECK (nt == 3, "omp_get_num_teams () = %d", nt);
  TRACE_CHECK (trace_count ("launch", "grid=3,1,1", "block=32,8,1", NULL) == 1,
	 "no launch of 3 teams of the default 8 threads in the trace");

  /* A region without teams is one team.  GCC's nvptx runtime (12 and
     14) says otherwise on a GPU: its count of teams, a global of the
     device, keeps the last teams region's (3 here, with GCC's own plugin
     too, seen on an H100); the emulated driver runs the host's.  */
#pragma omp target map(from: nt)
  nt = omp_get_num_teams ();
  TRACE_CHECK (nt == 1, "omp_get_num_teams () = %d outside teams", nt);
  TRACE_CHECK (trace_count ("launch", "grid=1,1,1", NULL) == 1,
	 "no launch of a single team in the trace");

  /* GCC 12's kernels get no dynamic shared memory; every launch passes
     the soft stacks and their size (128 KiB per warp).  */
  TRACE_CHECK (trace_count ("launch", "stacksize=131072", NULL) == 3,
	 "launches without GCC's soft stacks");
  return 0;
}
