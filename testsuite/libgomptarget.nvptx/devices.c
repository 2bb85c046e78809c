/* Several emulated GPUs through the nvptx plugin: each is an OpenMP
   device, a region reports the device it runs on (the image's device
   ICV variable), and each device has memory of its own.  */

/* { dg-set-target-env-var GOMPTARGET_EMUL_CUDA_DEVICES "3" } */
/* { dg-set-target-env-var GOMPTARGET_EMUL_CUDA_CC "8.0,8.6,9.0" } */
/* { dg-set-target-env-var GOMPTARGET_EMUL_CUDA_TRACE "nvptx-devices.trace" } */

#include "nvptx-test.h"

int
main (void)
{
  int d;

  trace_reset ();
  int x[3] = { 10, 20, 30 };

  /* Three GPUs, then the emulated host device (GOMPTARGET_PLUGINS); a
     real machine may have more GPUs.  */
  need_gpus (3);
  if (tracing ())
    CHECK (omp_get_num_devices () == 4, "omp_get_num_devices () = %d, "
	   "expected 4", omp_get_num_devices ());
  for (d = 0; d < 3; d++)
    {
      int num = -1, initial = -1, v = x[d];
#pragma omp target device(d) map(from: num, initial) map(tofrom: v)
      {
	num = omp_get_device_num ();
	initial = omp_is_initial_device ();
	v += 1;
      }
      CHECK (num == d && initial == 0, "device %d: region says device %d, "
	     "initial %d", d, num, initial);
      CHECK (v == x[d] + 1, "device %d: v = %d", d, v);
    }

  /* Data mapped on one device is not present on the others.  */
#pragma omp target enter data map(to: x) device(1)
  CHECK (omp_target_is_present (x, 1), "x is not present on device 1");
  CHECK (!omp_target_is_present (x, 0) && !omp_target_is_present (x, 2),
	 "x is present on devices it was not mapped to");
#pragma omp target device(1)
  x[1] = 99;
#pragma omp target exit data map(from: x) device(1)
  CHECK (x[1] == 99, "x[1] = %d", x[1]);
  return 0;
}
