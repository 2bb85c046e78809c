/* Device memory has the configured size: allocations past it fail with
   CUDA_ERROR_OUT_OF_MEMORY, cuMemGetInfo accounts for them, and freed
   memory can be allocated again.  Pinned host memory does not count.  */
/* { dg-set-target-env-var GOMPTARGET_EMUL_CUDA_MEM_MB "16" } */

#include "emul-cuda-test.h"

int
main (void)
{
  setup ();
  size_t free_bytes, total, total2;
  CHECK (cu.cuMemGetInfo_v2 (&free_bytes, &total));
  CHECK (cu.cuDeviceTotalMem_v2 (&total2, 0));
  if (total != 16 << 20 || total2 != total || free_bytes != total)
    fail ("total %zu (%zu), free %zu; expected 16 MiB free", total, total2,
	  free_bytes);
  CUdeviceptr a, b;
  CHECK (cu.cuMemAlloc_v2 (&a, 10 << 20));
  CHECK (cu.cuMemGetInfo_v2 (&free_bytes, &total));
  if (free_bytes > 6 << 20)
    fail ("%zu bytes free after allocating 10 MiB of 16", free_bytes);
  EXPECT (CUDA_ERROR_OUT_OF_MEMORY, cu.cuMemAlloc_v2 (&b, 10 << 20));
  void *pinned;
  CHECK (cu.cuMemHostAlloc (&pinned, 32 << 20, 0));
  CHECK (cu.cuMemFree_v2 (a));
  CHECK (cu.cuMemAlloc_v2 (&b, 10 << 20));
  EXPECT (CUDA_ERROR_INVALID_VALUE, cu.cuMemAlloc_v2 (&a, 0));
  CHECK (cu.cuMemFreeHost (pinned));
  puts ("ok");
  return 0;
}
