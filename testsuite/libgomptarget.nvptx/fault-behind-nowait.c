/* A fault in the kernel of a nowait region, found by a synchronous
   construct queued behind it on the same stream (its depend clause): the
   program ends once, with the region's name and exit status 1.  The
   nowait region's completion is still awaited then: finishing the device
   at exit must neither report it again nor wait for it (with GCC 14,
   fault-nowait.c at times hung there: a second exit, called from an exit
   handler, waited for the device lock that the first one's held).  */

/* { dg-set-target-env-var GOMPTARGET_EMUL_CUDA_FAULT {main$_omp_fn$0=trap} } */
/* { dg-gomptarget-exit-status 1 } */

#include "nvptx-test.h"

int
main (void)
{
  int y = 1;

#pragma omp target map(tofrom: y) nowait depend(out: y)
  y = 2;
#pragma omp target update from(y) depend(in: y)
  printf ("not reached: y = %d\n", y);
  return 0;
}

/* { dg-final { gomptarget-output-includes {libgomptarget: nvptx: device 0: the kernel of target region main\._omp_fn\.0 failed: CUDA_ERROR_LAUNCH_FAILED} } } */
/* { dg-final { gomptarget-output-excludes {not reached} } } */
/* { dg-final { gomptarget-output-excludes {an asynchronous operation failed} } } */
