/* cuStreamSynchronize failing (injected) at the first wait for the
   device, before any kernel ran (the copies of 'target enter data'):
   fatal, naming what failed, and the program ends with status 1.  */

/* { dg-set-target-env-var GOMPTARGET_EMUL_CUDA_FAIL "cuStreamSynchronize:1" } */
/* { dg-gomptarget-exit-status 1 } */

#include "nvptx-test.h"

static int a[1024];

int
main (void)
{
  int x = 1;
#pragma omp target enter data map(to: a)
#pragma omp target map(tofrom: x)
  x = a[0] + 2;
  printf ("not reached: x = %d\n", x);
  return 0;
}

/* { dg-final { gomptarget-output-includes {libgomptarget: nvptx: device 0: cuStreamSynchronize failed: CUDA_ERROR_UNKNOWN \(} } } */
/* { dg-final { gomptarget-output-excludes {not reached|\(none launched\)} } } */
