/* GOMP_DEBUG=1: the plugin names each GPU (name, compute capability,
   multiprocessors, memory) and, at each launch, the region, the kernel
   and the grid.  */

/* { dg-set-target-env-var GOMP_DEBUG "1" } */
/* { dg-set-target-env-var GOMPTARGET_EMUL_CUDA_SMS "6" } */
/* { dg-set-target-env-var GOMPTARGET_EMUL_CUDA_MEM_MB "512" } */

#include "nvptx-test.h"

int
main (void)
{
  int x = 0;
#pragma omp target teams num_teams(5) thread_limit(2) map(tofrom: x)
  if (omp_get_team_num () == 0)
    x = 1;
  CHECK (x == 1, "x = %d", x);
  return 0;
}

/* { dg-final { gomptarget-output-includes {gomptarget: nvptx: CUDA device 0: [^\n]*, compute capability 8\.0, 6 multiprocessors, 512 MiB of memory} } } */
/* { dg-final { gomptarget-output-includes {gomptarget: nvptx: device 0: [^\n]* \(CUDA device 0\), compute capability 8\.0, 6 multiprocessors, 512 MiB, primary context} } } */
/* { dg-final { gomptarget-output-includes {gomptarget: nvptx: device 0: launching main\._omp_fn\.0 \(kernel main\$_omp_fn\$0\): 5 team\(s\) x 2 thread\(s\), grid 5 x 1 x 1, block 32 x 2 x 1} } } */
/* { dg-final { gomptarget-output-includes {gomptarget: nvptx: device 0: finished} } } */
