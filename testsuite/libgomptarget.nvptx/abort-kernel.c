/* abort () in a target region is a trap on the GPU: fatal, with the
   region's name and a hint.  */

/* { dg-gomptarget-exit-status 1 } */

#include "nvptx-test.h"

int
main (int argc, char **argv)
{
  int x = argc;
  (void) argv;
#pragma omp target map(tofrom: x)
  {
    if (x > 0)
      abort ();
    x = 5;
  }
  printf ("not reached: x = %d\n", x);
  return 0;
}

/* { dg-final { gomptarget-output-includes {libgomptarget: nvptx: device 0: the kernel of target region main\._omp_fn\.0 failed: CUDA_ERROR_LAUNCH_FAILED[^\n]*perhaps abort was called} } } */
/* { dg-final { gomptarget-output-excludes {not reached} } } */
