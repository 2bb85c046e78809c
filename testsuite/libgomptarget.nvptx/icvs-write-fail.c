/* Writing the device number into an image's ICV variable fails on the
   second GPU (injected): the CUDA error is reported and the image is not
   loaded there, so that GPU's regions run on the host, as for any image
   that cannot be loaded -- not on the GPU with the ICVs of another
   device (omp_get_device_num () 0 on device 1).  */

/* { dg-set-target-env-var GOMPTARGET_EMUL_CUDA_DEVICES "2" } */
/* { dg-set-target-env-var GOMPTARGET_EMUL_CUDA_FAIL "cuMemcpyHtoD:2" } */

#include "nvptx-test.h"

int
main (void)
{
  need_gpus (2);
  for (int d = 0; d < 2; d++)
    {
      int num = -1, initial = -1;
#pragma omp target device(d) map(from: num, initial)
      {
	num = omp_get_device_num ();
	initial = omp_is_initial_device ();
      }
      printf ("device %d: num %d initial %d\n", d, num, initial);
      if (d == 0)
	CHECK (num == 0 && !initial, "device 0: num %d, initial %d", num,
	       initial);
      else
	CHECK (initial && num == omp_get_initial_device (),
	       "device 1: num %d, initial %d", num, initial);
    }
  return 0;
}

/* { dg-final { gomptarget-output-includes {libgomptarget: nvptx: device 1: cuMemcpyHtoD \(the device ICVs\) failed: CUDA_ERROR_UNKNOWN} } } */
