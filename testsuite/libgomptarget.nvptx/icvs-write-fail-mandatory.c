/* As icvs-write-fail.c with OMP_TARGET_OFFLOAD=mandatory: the GPU whose
   ICV variable could not be written cannot load the program's code and
   is left out, which is fatal (exit status 1, after the CUDA error).  */

/* { dg-set-target-env-var OMP_TARGET_OFFLOAD "mandatory" } */
/* { dg-set-target-env-var GOMPTARGET_EMUL_CUDA_FAIL "cuMemcpyHtoD:1" } */
/* { dg-shouldfail "the device is left out" } */
/* { dg-gomptarget-exit-status 1 } */

#include "nvptx-test.h"

int
main (void)
{
  int num = -1;
#pragma omp target device(0) map(from: num)
  num = omp_get_device_num ();
  printf ("ran, device %d\n", num);
  return 0;
}

/* { dg-final { gomptarget-output-includes {libgomptarget: nvptx: device 0: cuMemcpyHtoD \(the device ICVs\) failed} } } */
/* { dg-final { gomptarget-output-includes {libgomptarget: OMP_TARGET_OFFLOAD is set to MANDATORY, but device 0 is not available} } } */
/* { dg-final { gomptarget-output-excludes {ran, device} } } */
