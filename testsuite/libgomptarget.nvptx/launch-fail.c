/* cuLaunchKernel failing (injected): the CUDA error, with its name and
   meaning, and the region, then the front end's fatal error, which names
   the region by its function too.  */

/* { dg-set-target-env-var GOMPTARGET_EMUL_CUDA_FAIL "cuLaunchKernel" } */
/* { dg-gomptarget-exit-status 1 } */

#include "nvptx-test.h"

int
main (void)
{
  int x = 1;
#pragma omp target map(tofrom: x)
  x = 2;
  printf ("not reached: x = %d\n", x);
  return 0;
}

/* { dg-final { gomptarget-output-includes {libgomptarget: nvptx: device 0: cuLaunchKernel \(target region main\._omp_fn\.0, [0-9]+ team\(s\) x [0-9]+ thread\(s\)\) failed: CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES \(too many resources requested for launch\)} } } */
/* { dg-final { gomptarget-output-includes {libgomptarget: device 0: queueing target region main\._omp_fn\.0 \(entry 0x[0-9a-f]+\) failed} } } */
/* { dg-final { gomptarget-output-excludes {not reached} } } */
