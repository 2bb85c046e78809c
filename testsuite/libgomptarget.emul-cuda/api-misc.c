/* The device as configured (compute capability 8.6, 6 multiprocessors,
   64 MiB, 128 registers per thread), calls before cuInit and without a
   context, primary context reference counts and the context stack,
   limits, error names, function attributes and the launch checks that
   follow from them.  */
/* { dg-set-target-env-var GOMPTARGET_EMUL_CUDA_CC "8.6" } */
/* { dg-set-target-env-var GOMPTARGET_EMUL_CUDA_SMS "6" } */
/* { dg-set-target-env-var GOMPTARGET_EMUL_CUDA_MEM_MB "64" } */
/* { dg-set-target-env-var GOMPTARGET_EMUL_CUDA_REGS "128" } */

#include "emul-cuda-test.h"

static void
region (int *x)
{
#pragma omp target map(tofrom: x[0:1])
  x[0]++;
}

static int
attribute (CUdevice_attribute a)
{
  int v;
  CHECK (cu.cuDeviceGetAttribute (&v, a, 0));
  return v;
}

int
main (void)
{
  load_cuda ();
  int n, v;
  EXPECT (CUDA_ERROR_NOT_INITIALIZED, cu.cuDeviceGetCount (&n));
  CHECK (cu.cuDriverGetVersion (&v));
  if (v != 12020)
    fail ("default driver version %d", v);
  EXPECT (CUDA_ERROR_INVALID_VALUE, cu.cuInit (1));
  CHECK (cu.cuInit (0));
  CHECK (cu.cuInit (0));
  CHECK (cu.cuDeviceGetCount (&n));
  CUdevice dev;
  EXPECT (CUDA_ERROR_INVALID_DEVICE, cu.cuDeviceGet (&dev, n));
  CHECK (cu.cuDeviceGet (&dev, 0));

  if (attribute (CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR) != 8
      || attribute (CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR) != 6
      || attribute (CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT) != 6
      || attribute (CU_DEVICE_ATTRIBUTE_WARP_SIZE) != 32
      || attribute (CU_DEVICE_ATTRIBUTE_UNIFIED_ADDRESSING) != 1
      || attribute (CU_DEVICE_ATTRIBUTE_CAN_MAP_HOST_MEMORY) != 1
      || attribute (CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_MULTIPROCESSOR) != 1536)
    fail ("device attributes do not follow the configuration");
  EXPECT (CUDA_ERROR_INVALID_VALUE,
	  cu.cuDeviceGetAttribute (&v, (CUdevice_attribute) 9999, 0));
  char name[128];
  size_t total;
  CHECK (cu.cuDeviceGetName (name, sizeof name, 0));
  CHECK (cu.cuDeviceTotalMem_v2 (&total, 0));
  if (strstr (name, "sm_86") == NULL || total != 64 << 20)
    fail ("device '%s' with %zu bytes", name, total);

  /* No context yet.  */
  CUcontext ctx, c2, cur;
  CUdeviceptr p;
  CHECK (cu.cuCtxGetCurrent (&cur));
  if (cur != NULL)
    fail ("a current context before any was made current");
  EXPECT (CUDA_ERROR_INVALID_CONTEXT, cu.cuMemAlloc_v2 (&p, 8));
  EXPECT (CUDA_ERROR_INVALID_CONTEXT, cu.cuCtxPopCurrent_v2 (&cur));

  /* One primary context, counted; the stack of current contexts.  */
  CHECK (cu.cuDevicePrimaryCtxRetain (&ctx, 0));
  CHECK (cu.cuDevicePrimaryCtxRetain (&c2, 0));
  if (ctx != c2)
    fail ("two primary contexts");
  CHECK (cu.cuCtxPushCurrent_v2 (ctx));
  CHECK (cu.cuMemAlloc_v2 (&p, 8));
  CHECK (cu.cuCtxPopCurrent_v2 (&cur));
  if (cur != ctx)
    fail ("popped another context");
  EXPECT (CUDA_ERROR_INVALID_CONTEXT, cu.cuMemAlloc_v2 (&p, 8));
  CHECK (cu.cuCtxSetCurrent (ctx));
  CHECK (cu.cuCtxGetDevice (&dev));
  CHECK (cu.cuDevicePrimaryCtxRelease_v2 (0));
  CHECK (cu.cuMemAlloc_v2 (&p, 8));	/* Still retained once.  */

  /* Limits.  */
  size_t heap;
  CHECK (cu.cuCtxGetLimit (&heap, CU_LIMIT_MALLOC_HEAP_SIZE));
  if (heap != 8 << 20)
    fail ("default heap size %zu", heap);
  CHECK (cu.cuCtxSetLimit (CU_LIMIT_MALLOC_HEAP_SIZE, 32 << 20));
  CHECK (cu.cuCtxGetLimit (&heap, CU_LIMIT_MALLOC_HEAP_SIZE));
  if (heap != 32 << 20)
    fail ("heap size %zu after setting 32 MiB", heap);
  EXPECT (CUDA_ERROR_UNSUPPORTED_LIMIT,
	  cu.cuCtxSetLimit ((CUlimit) 99, 1));

  /* Names and descriptions of every code.  */
  const char *s;
#define X(code, value) \
  if (cu.cuGetErrorName (code, &s) != CUDA_SUCCESS || strcmp (s, #code) != 0 \
      || cu.cuGetErrorString (code, &s) != CUDA_SUCCESS || s == NULL \
      || *s == '\0') \
    fail ("no name or description for %s", #code);
  GT_CUDA_RESULTS (X)
#undef X
  s = "x";
  EXPECT (CUDA_ERROR_INVALID_VALUE, cu.cuGetErrorName ((CUresult) 12345, &s));
  if (s != NULL)
    fail ("a name for an unknown code");

  /* 128 registers a thread: blocks of at most 512 threads.  */
  CUmodule mod = load_image ();
  int x = 0;
  region (&x);
  struct launch l = prepare (mod, &last_region, 1, 16);
  int maxt, regs, grid, block;
  CHECK (cu.cuFuncGetAttribute (&maxt, CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK,
				l.kernel));
  CHECK (cu.cuFuncGetAttribute (&regs, CU_FUNC_ATTRIBUTE_NUM_REGS, l.kernel));
  CHECK (cu.cuOccupancyMaxPotentialBlockSize (&grid, &block, l.kernel, NULL,
					      0, 0));
  if (maxt != 512 || regs != 128 || block != 512 || grid != 6 * 4)
    fail ("max threads %d, registers %d, occupancy %d x %d", maxt, regs,
	  grid, block);
  CHECK (launch (&l, NULL));
  l.warps = 32;
  EXPECT (CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES, launch (&l, NULL));
  l.warps = 16;

  /* Launch arguments.  */
  struct { uint64_t vars, stack, size; } kargs
    = { l.vars, l.stacks, l.stacksize };
  void *params[] = { &kargs.vars, &kargs.stack, &kargs.size };
  size_t small = 16;
  void *extra[] = { CU_LAUNCH_PARAM_BUFFER_POINTER, &kargs,
		    CU_LAUNCH_PARAM_BUFFER_SIZE, &small, CU_LAUNCH_PARAM_END };
  EXPECT (CUDA_ERROR_INVALID_VALUE,
	  cu.cuLaunchKernel (l.kernel, 1, 1, 1, 32, 16, 1, 0, NULL, NULL,
			     extra));
  EXPECT (CUDA_ERROR_INVALID_VALUE,
	  cu.cuLaunchKernel (l.kernel, 1, 1, 1, 32, 16, 1, 0, NULL, params,
			     extra));
  EXPECT (CUDA_ERROR_INVALID_VALUE,
	  cu.cuLaunchKernel (l.kernel, 1, 1, 1, 32, 16, 1, 0, NULL, NULL,
			     NULL));
  EXPECT (CUDA_ERROR_INVALID_VALUE,
	  cu.cuLaunchKernel (l.kernel, 0, 1, 1, 32, 16, 1, 0, NULL, params,
			     NULL));
  EXPECT (CUDA_ERROR_INVALID_VALUE,
	  cu.cuLaunchKernel (l.kernel, 1, 1, 1, 1, 1, 65, 0, NULL, params,
			     NULL));
  EXPECT (CUDA_ERROR_INVALID_VALUE,
	  cu.cuLaunchKernel (l.kernel, 1, 1, 1, 32, 16, 1, 64 << 10, NULL,
			     params, NULL));
  CHECK (cu.cuLaunchKernel (l.kernel, 1, 1, 1, 32, 16, 1, 0, NULL, params,
			    NULL));
  CHECK (cu.cuCtxSynchronize ());
  finish (&l, &last_region);
  if (x != 2)
    fail ("x = %d after two launches", x);

  /* The heap was set up by the launch (GCC's image uses malloc).  */
  EXPECT (CUDA_ERROR_INVALID_VALUE,
	  cu.cuCtxSetLimit (CU_LIMIT_MALLOC_HEAP_SIZE, 64 << 20));

  CHECK (cu.cuDevicePrimaryCtxRelease_v2 (0));
  EXPECT (CUDA_ERROR_CONTEXT_IS_DESTROYED, cu.cuMemAlloc_v2 (&p, 8));
  EXPECT (CUDA_ERROR_INVALID_CONTEXT, cu.cuDevicePrimaryCtxRelease_v2 (0));
  puts ("ok");
  return 0;
}
