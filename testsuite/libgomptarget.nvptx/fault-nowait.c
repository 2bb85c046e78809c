/* A fault in the kernel of a nowait region, which no host thread waits
   for on the device: it is fatal with the region's name, found by the
   plugin's watcher or by a later call of the device's, instead of a
   hang at the taskwait.  */

/* { dg-set-target-env-var GOMPTARGET_EMUL_CUDA_FAULT {main$_omp_fn$1=trap} } */
/* { dg-gomptarget-exit-status 1 } */

#include "nvptx-test.h"

int
main (void)
{
  int x = 1, y = 1;
  /* A region that completes, then one whose kernel traps.  */
#pragma omp target map(tofrom: x)
  x = 2;
#pragma omp target map(tofrom: y) nowait depend(out: y)
  y = 2;
#pragma omp taskwait
  printf ("not reached: x = %d, y = %d\n", x, y);
  return 0;
}

/* { dg-final { gomptarget-output-includes {libgomptarget: nvptx: device 0: the kernel of target region main\._omp_fn\.1 failed: CUDA_ERROR_LAUNCH_FAILED \([^\n]*\) \(perhaps abort was called\)} } } */
/* { dg-final { gomptarget-output-excludes {not reached} } } */
