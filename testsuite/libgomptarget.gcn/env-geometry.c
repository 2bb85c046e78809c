/* { dg-set-target-env-var GOMP_DEBUG "1" } */
/* { dg-set-target-env-var GCN_NUM_TEAMS "5" } */
/* { dg-set-target-env-var GCN_NUM_THREADS "2" } */

/* GCN_NUM_TEAMS and GCN_NUM_THREADS force the grid of every kernel but
   the image's constructors (_init_array: one team of one thread), as in
   GCC's plugin; a region without a thread_limit clause sees the forced
   thread limit.  */

#include "gcn-test.h"

int
main (void)
{
  int limit = 0, teams = 0;

#pragma omp target teams num_teams(3) thread_limit(8) map(tofrom: limit, teams)
#pragma omp parallel
  if (omp_get_team_num () == 0 && omp_get_thread_num () == 0)
    {
      limit = omp_get_thread_limit ();
      teams = omp_get_num_teams ();
    }
  CHECK (teams >= 1);
#pragma omp target map(from: limit)
  limit = omp_get_thread_limit ();
  CHECK (limit == 2);
  puts ("geometry ok");
  return 0;
}

/* { dg-final { gomptarget-output-includes {geometry ok} } } */
/* { dg-final { gomptarget-output-includes {launching main\._omp_fn\.[0-9]+: 5 team\(s\) x 2 thread\(s\)} } } */
/* { dg-final { gomptarget-output-includes {launching _init_array: 1 team\(s\) x 1 thread\(s\)} } } */
