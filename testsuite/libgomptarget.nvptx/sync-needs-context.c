/* The plugin synchronises a stream without making its context current
   first (the stream names it); a driver that refuses that
   (CUDA_ERROR_INVALID_CONTEXT, injected at the first and third
   synchronisation) gets the context made current and is asked again:
   the regions run and their results come back, and nothing is
   reported.  */

/* { dg-set-target-env-var GOMPTARGET_EMUL_CUDA_FAIL "cuStreamSynchronize:1=CUDA_ERROR_INVALID_CONTEXT,cuStreamSynchronize:3=CUDA_ERROR_INVALID_CONTEXT" } */

#include "nvptx-test.h"

int
main (void)
{
  int x = 1;
  for (int i = 0; i < 4; i++)
    {
#pragma omp target map(tofrom: x)
      x += 2;
    }
  CHECK (x == 9, "x = %d, not 9", x);
  printf ("x = %d\n", x);
  return 0;
}

/* { dg-final { gomptarget-output-includes {x = 9} } } */
/* { dg-final { gomptarget-output-excludes {failed|CUDA_ERROR} } } */
