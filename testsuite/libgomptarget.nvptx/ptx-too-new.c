/* The image's PTX targets sm_80 and the GPU is sm_70: the JIT refuses
   it, the error and the linker's log are reported, the regions run on
   the host.  */

/* { dg-set-target-env-var GOMPTARGET_EMUL_CUDA_CC "7.0" } */

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

/* { dg-final { gomptarget-output-includes {libgomptarget: nvptx: device 0: cuLinkAddData \(PTX object [0-9]+ of [0-9]+\) failed: CUDA_ERROR_INVALID_PTX} } } */
/* { dg-final { gomptarget-output-includes {libgomptarget: nvptx: device 0: the JIT linker says: [^\n]*sm_80} } } */
/* { dg-final { gomptarget-output-includes {initial 1} } } */
