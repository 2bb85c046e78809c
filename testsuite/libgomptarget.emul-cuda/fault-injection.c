/* GOMPTARGET_EMUL_CUDA_FAIL makes chosen calls fail: the third
   cuMemAlloc (out of memory), the first cuModuleLoadData, the second
   cuLaunchKernel, and every cuLinkAddData from the 25th on with the error
   given.  The calls around them succeed.  */
/* { dg-set-target-env-var GOMPTARGET_EMUL_CUDA_FAIL "cuMemAlloc:3,cuModuleLoadData:1,cuLaunchKernel:2,cuLinkAddData:25+=CUDA_ERROR_JIT_COMPILER_NOT_FOUND" } */

#include "emul-cuda-test.h"

static void
region (int *x)
{
#pragma omp target map(tofrom: x[0:4])
  for (int i = 0; i < 4; i++)
    x[i] += 10;
}

int
main (void)
{
  setup ();
  CUdeviceptr a, b, c, d;
  CHECK (cu.cuMemAlloc_v2 (&a, 64));
  CHECK (cu.cuMemAlloc_v2 (&b, 64));
  EXPECT (CUDA_ERROR_OUT_OF_MEMORY, cu.cuMemAlloc_v2 (&c, 64));
  CHECK (cu.cuMemAlloc_v2 (&d, 64));

  /* The first load fails, the second works.  */
  static const char ptx[] = ".version 7.0\n.target sm_80\n"
			    ".visible .global .u32 v[1];\n";
  CUmodule mod;
  EXPECT (CUDA_ERROR_INVALID_IMAGE, cu.cuModuleLoadData (&mod, ptx));
  CHECK (cu.cuModuleLoadData (&mod, ptx));

  /* The image has fewer than 24 objects: linking it works.  */
  if (image->nobjs >= 24)
    fail ("the image has %u objects; the test assumes fewer", image->nobjs);
  mod = load_image ();
  int x[4] = { 1, 2, 3, 4 };
  region (x);
  struct launch l = prepare (mod, &last_region, 1, 1);
  CHECK (launch (&l, NULL));
  EXPECT (CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES, launch (&l, NULL));
  CHECK (launch (&l, NULL));
  CHECK (cu.cuCtxSynchronize ());
  finish (&l, &last_region);
  if (x[0] != 21 || x[3] != 24)
    fail ("two launches should have run: x = {%d, ..., %d}", x[0], x[3]);

  /* cuLinkAddData calls 21..24 (a second link of the image) work until
     the 25th.  */
  CUlinkState st;
  CHECK (cu.cuLinkCreate_v2 (0, NULL, NULL, &st));
  unsigned i;
  CUresult r = CUDA_SUCCESS;
  for (i = 0; i < image->nobjs && r == CUDA_SUCCESS; i++)
    r = cu.cuLinkAddData_v2 (st, CU_JIT_INPUT_PTX,
			     (void *) image->objs[i].code,
			     image->objs[i].size, "o", 0, NULL, NULL);
  if (r != CUDA_ERROR_JIT_COMPILER_NOT_FOUND
      || image->nobjs + i != 25)
    fail ("call %u of cuLinkAddData returned %s", image->nobjs + i,
	  result_name (r));
  puts ("ok");
  return 0;
}
