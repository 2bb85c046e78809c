/* Every device pointer is checked against the live allocations: copies
   to host memory, to freed memory, past the end of an allocation, and
   frees of interior pointers fail with CUDA_ERROR_INVALID_VALUE.  A
   kernel given a host address array, or soft stacks smaller than its
   grid needs, faults with an illegal address.  */

#include "emul-cuda-test.h"

static void
region (int *x)
{
#pragma omp target map(tofrom: x[0:8])
  x[0]++;
}

int
main (void)
{
  setup ();
  int host[8] = { 0 };
  CUdeviceptr a, gone;
  CHECK (cu.cuMemAlloc_v2 (&a, sizeof host));
  CHECK (cu.cuMemAlloc_v2 (&gone, sizeof host));
  CHECK (cu.cuMemFree_v2 (gone));

  CHECK (cu.cuMemcpyHtoD_v2 (a, host, sizeof host));
  CHECK (cu.cuMemcpyHtoD_v2 (a + 4, host, sizeof host - 4));
  EXPECT (CUDA_ERROR_INVALID_VALUE,
	  cu.cuMemcpyHtoD_v2 (a + 4, host, sizeof host));
  EXPECT (CUDA_ERROR_INVALID_VALUE,
	  cu.cuMemcpyHtoD_v2 ((CUdeviceptr) (uintptr_t) host, host, 4));
  EXPECT (CUDA_ERROR_INVALID_VALUE, cu.cuMemcpyDtoH_v2 (host, gone, 4));
  EXPECT (CUDA_ERROR_INVALID_VALUE, cu.cuMemcpyDtoD_v2 (a, gone, 4));
  EXPECT (CUDA_ERROR_INVALID_VALUE,
	  cu.cuMemcpyHtoDAsync_v2 (gone, host, 4, NULL));
  EXPECT (CUDA_ERROR_INVALID_VALUE, cu.cuMemFree_v2 (gone));
  EXPECT (CUDA_ERROR_INVALID_VALUE, cu.cuMemFree_v2 (a + 8));
  EXPECT (CUDA_ERROR_INVALID_VALUE, cu.cuMemFreeHost (host));
  CUdeviceptr dp;
  EXPECT (CUDA_ERROR_INVALID_VALUE,
	  cu.cuMemHostGetDevicePointer_v2 (&dp, host, 0));
  CUcontext owner;
  CHECK (cu.cuPointerGetAttribute (&owner, CU_POINTER_ATTRIBUTE_CONTEXT,
				   a + 4));
  CUdeviceptr start;
  size_t size;
  CHECK (cu.cuPointerGetAttribute (&start,
				   CU_POINTER_ATTRIBUTE_RANGE_START_ADDR,
				   a + 4));
  CHECK (cu.cuPointerGetAttribute (&size, CU_POINTER_ATTRIBUTE_RANGE_SIZE,
				   a + 4));
  if (start != a || size != sizeof host)
    fail ("range of a+4: %#llx, %zu bytes", start, size);
  EXPECT (CUDA_ERROR_INVALID_VALUE,
	  cu.cuPointerGetAttribute (&owner, CU_POINTER_ATTRIBUTE_CONTEXT,
				    (CUdeviceptr) (uintptr_t) host));

  /* A kernel whose address array is host memory.  */
  CUmodule mod = load_image ();
  region (host);
  struct launch l = prepare (mod, &last_region, 2, 2);
  struct launch bad = l;
  void *addrs[2] = { (void *) (uintptr_t) l.dev[0], NULL };
  bad.vars = (CUdeviceptr) (uintptr_t) addrs;
  CHECK (launch (&bad, NULL));
  EXPECT (CUDA_ERROR_ILLEGAL_ADDRESS, cu.cuCtxSynchronize ());
  CHECK (cu.cuDevicePrimaryCtxRelease_v2 (0));

  /* Soft stacks for 2 x 2 warps, used by a launch of 4 teams.  */
  setup_device (0);
  mod = load_image ();
  l = prepare (mod, &last_region, 2, 2);
  bad = l;
  bad.teams = 4;
  CHECK (launch (&l, NULL));
  CHECK (cu.cuCtxSynchronize ());
  CHECK (launch (&bad, NULL));
  EXPECT (CUDA_ERROR_ILLEGAL_ADDRESS, cu.cuCtxSynchronize ());
  puts ("ok");
  return 0;
}
