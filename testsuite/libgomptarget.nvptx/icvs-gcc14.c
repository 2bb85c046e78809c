/* GCC 14 images on two GPUs: each image's __gomp_additional_icvs gets
   its device number, so omp_get_device_num () in a region is right on
   each GPU; the kernels get GCC 14's low-latency pool as dynamic shared
   memory (GOMP_NVPTX_LOWLAT_POOL).  */

/* { dg-gomptarget-gcc-min 14 } */

/* { dg-set-target-env-var GOMPTARGET_EMUL_CUDA_DEVICES "2" } */
/* { dg-set-target-env-var GOMP_NVPTX_LOWLAT_POOL "4096" } */
/* { dg-set-target-env-var GOMPTARGET_EMUL_CUDA_TRACE "nvptx-icvs-gcc14.trace" } */

#include "nvptx-test.h"

int
main (void)
{
  trace_reset ();
  need_gpus (2);
  for (int d = 0; d < 2; d++)
    {
      int num = -1;
#pragma omp target device(d) map(from: num)
      num = omp_get_device_num ();
      CHECK (num == d, "device %d: omp_get_device_num () = %d", d, num);
    }
  TRACE_CHECK (trace_count ("launch", "shared=4096", NULL) == 2,
	 "the launches did not get the 4096-byte low-latency pool");
  return 0;
}
