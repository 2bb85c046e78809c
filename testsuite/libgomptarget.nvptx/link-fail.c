/* The JIT linker refusing the image's PTX (injected): the CUDA error
   with the object it stopped at; the GPU has no code for the program's
   regions, which run on the host instead.  */

/* { dg-set-target-env-var GOMPTARGET_EMUL_CUDA_FAIL "cuLinkAddData:2" } */

#include "nvptx-test.h"

int
main (void)
{
  int x = 1, initial = -1;
#pragma omp target map(tofrom: x) map(from: initial)
  {
    x = 2;
    initial = omp_is_initial_device ();
  }
  CHECK (x == 2, "x = %d", x);
  printf ("initial %d\n", initial);
  return 0;
}

/* { dg-final { gomptarget-output-includes {libgomptarget: nvptx: device 0: cuLinkAddData \(PTX object 2 of [0-9]+\) failed: CUDA_ERROR_INVALID_PTX \(a PTX JIT compilation failed\)} } } */
/* { dg-final { gomptarget-output-includes {initial 1} } } */
