/* A kernel that faults (an illegal address, injected by the emulated
   driver) is fatal: the message names the target region and the CUDA
   error, and the exit status is 1.  */

/* { dg-set-target-env-var GOMPTARGET_EMUL_CUDA_FAULT {main$_omp_fn$0} } */
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

/* { dg-final { gomptarget-output-includes {libgomptarget: nvptx: device 0: the kernel of target region main\._omp_fn\.0 failed: CUDA_ERROR_ILLEGAL_ADDRESS \(} } } */
/* { dg-final { gomptarget-output-excludes {not reached} } } */
