/* { dg-set-target-env-var GOMP_DEBUG "1" } */
/* { dg-set-target-env-var GOMPTARGET_EMUL_HSA_CUS "7" } */

/* The launch geometry of GCC's GCN kernels: teams x 64 lanes x threads.
   num_teams and thread_limit give the grid; without them the plugin
   launches a team per compute unit (7 here) of 16 threads; a region
   without teams is one team.  Inside, the region sees its thread limit
   (the work-group's threads), and teams and parallel loops compute the
   right results.  */

#include "gcn-test.h"

#define N 10000

int
main (void)
{
  long sum = 0;
  int limit = 0, nteams = 0, i;
  static int x[N];

#pragma omp target teams num_teams(3) thread_limit(4) map(tofrom: limit, nteams)
#pragma omp parallel
  if (omp_get_team_num () == 0 && omp_get_thread_num () == 0)
    {
      limit = omp_get_thread_limit ();
      nteams = omp_get_num_teams ();
    }
  CHECK (nteams == 3);
  CHECK (limit >= 1 && limit <= 4);

#pragma omp target teams distribute parallel for reduction(+: sum) map(tofrom: sum)
  for (i = 0; i < N; i++)
    sum += i;
  CHECK (sum == (long) N * (N - 1) / 2);

#pragma omp target teams distribute parallel for num_teams(5) map(from: x)
  for (i = 0; i < N; i++)
    x[i] = i % 7;
  for (i = 0; i < N; i++)
    CHECK (x[i] == i % 7);

#pragma omp target map(from: limit)
  limit = omp_get_thread_limit ();
  CHECK (limit >= 1 && limit <= 16);
  puts ("teams ok");
  return 0;
}

/* { dg-final { gomptarget-output-includes {teams ok} } } */
/* { dg-final { gomptarget-output-includes {launching main\._omp_fn\.0: 3 team\(s\) x 4 thread\(s\)} } } */
/* Default: a team per compute unit, 16 threads (fewer if VGPRs say so).  */
/* { dg-final { gomptarget-output-includes {launching main\._omp_fn\.[0-9]+: 7 team\(s\) x [0-9]+ thread\(s\)} } } */
/* { dg-final { gomptarget-output-includes {launching main\._omp_fn\.[0-9]+: 5 team\(s\) x } } } */
/* { dg-final { gomptarget-output-includes {launching main\._omp_fn\.[0-9]+: 1 team\(s\) x 16 thread\(s\)} } } */
/* The image's constructors run once, as one team of one thread.  */
/* { dg-final { gomptarget-output-count {launching _init_array: 1 team\(s\) x 1 thread\(s\)} 1 } } */
