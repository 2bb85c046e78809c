/* The plugin launches a region without arguments without making its
   context current first (the stream and the kernel name it); a driver
   that refuses that (CUDA_ERROR_INVALID_CONTEXT, or
   CUDA_ERROR_INVALID_HANDLE as for another context current, injected at
   the first and third launches) gets the context made current and is
   asked again: every region runs once, and nothing is reported.  */

/* { dg-set-target-env-var GOMPTARGET_EMUL_CUDA_FAIL "cuLaunchKernel:1=CUDA_ERROR_INVALID_CONTEXT,cuLaunchKernel:3=CUDA_ERROR_INVALID_HANDLE" } */

#include "nvptx-test.h"

#pragma omp declare target
int counter;
#pragma omp end declare target

int
main (void)
{
  for (int i = 0; i < 4; i++)
    {
#pragma omp target
      counter += 2;
    }
#pragma omp target update from(counter)
  CHECK (counter == 8, "counter = %d, not 8", counter);
  printf ("counter = %d\n", counter);
  return 0;
}

/* { dg-final { gomptarget-output-includes {counter = 8} } } */
/* { dg-final { gomptarget-output-excludes {failed|CUDA_ERROR} } } */
