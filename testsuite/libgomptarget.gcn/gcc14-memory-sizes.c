/* { dg-set-target-env-var GOMP_DEBUG "1" } */
/* { dg-set-target-env-var GCN_STACK_SIZE "8192" } */
/* { dg-set-target-env-var GCN_TEAM_ARENA_SIZE "16384" } */
/* { dg-set-target-env-var GOMP_GCN_LOWLAT_POOL "4096" } */

/* GCC 14 kernels take their wave stacks and team arenas from the kernel
   argument block: GCN_STACK_SIZE bytes per wave, GCN_TEAM_ARENA_SIZE per
   team, allocated together (3 teams x 2 threads: 3 x 16384 + 6 x 8192
   bytes; the image's constructors, one team of one thread, only a
   stack), and GOMP_GCN_LOWLAT_POOL sets the LDS of each team.  gcn.exp
   runs this test for GCC 14 and later.  */

#include "gcn-test.h"

int
main (void)
{
  int n = 0;

#pragma omp target teams num_teams(3) thread_limit(2) map(tofrom: n)
  {
    if (omp_get_team_num () == 0)
      n = omp_get_num_teams ();
  }
  CHECK (n == 3);
  puts ("sizes ok");
  return 0;
}

/* { dg-final { gomptarget-output-includes {sizes ok} } } */
/* { dg-final { gomptarget-output-includes {gcn: device 0: 8192 bytes of stack and arena memory at} } } */
/* { dg-final { gomptarget-output-includes {gcn: device 0: 98304 bytes of stack and arena memory at} } } */
/* { dg-final { gomptarget-output-includes {launching main\._omp_fn\.0: 3 team\(s\) x 2 thread\(s\), LDS 4096,} } } */
