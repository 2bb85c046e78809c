/* Devices of different compute capabilities and an older driver: PTX
   for sm_90 compiles for the 9.0 device only, an image linked for one
   architecture loads only where its code runs (same major version, not
   older minor), the driver's newest PTX ISA bounds .version, and the
   program's own nvptx image loads on both devices.  */
/* { dg-set-target-env-var GOMPTARGET_EMUL_CUDA_DEVICES "2" } */
/* { dg-set-target-env-var GOMPTARGET_EMUL_CUDA_CC "9.0,8.0" } */
/* { dg-set-target-env-var GOMPTARGET_EMUL_CUDA_VERSION "11.8" } */

#include "emul-cuda-test.h"

static const char sm90[] =
  ".version 7.8\n.target sm_90\n.address_size 64\n"
  ".visible .entry k () { ret; }\n";
static const char sm80[] =
  ".version 7.0\n.target sm_80\n.address_size 64\n"
  ".visible .entry k () { ret; }\n";
static const char ptx80[] =
  ".version 8.0\n.target sm_80\n.address_size 64\n";

/* Link PTX in the current context, for TARGET (0: the context's).  */
static void *
link_for (const char *ptx, int target, CUlinkState *st)
{
  CUjit_option opts[] = { CU_JIT_TARGET };
  void *vals[] = { (void *) (uintptr_t) target };
  CHECK (cu.cuLinkCreate_v2 (target ? 1 : 0, opts, vals, st));
  CHECK (cu.cuLinkAddData_v2 (*st, CU_JIT_INPUT_PTX, (void *) ptx,
			      strlen (ptx) + 1, "t.ptx", 0, NULL, NULL));
  void *cubin;
  size_t size;
  CHECK (cu.cuLinkComplete (*st, &cubin, &size));
  return cubin;
}

int
main (void)
{
  int x = 1;
#pragma omp target map(tofrom: x)
  x++;

  CUcontext c0 = setup ();
  CUcontext c1 = setup_device (1);
  int v, major, minor;
  CHECK (cu.cuDriverGetVersion (&v));
  if (v != 11080)
    fail ("driver version %d, expected 11080", v);
  for (int d = 0; d < 2; d++)
    {
      CHECK (cu.cuDeviceGetAttribute
	     (&major, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, d));
      CHECK (cu.cuDeviceGetAttribute
	     (&minor, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR, d));
      if (major != (d == 0 ? 9 : 8) || minor != 0)
	fail ("device %d: compute capability %d.%d", d, major, minor);
    }

  CUmodule mod;
  CHECK (cu.cuCtxSetCurrent (c0));
  CHECK (cu.cuModuleLoadData (&mod, sm90));
  CHECK (cu.cuModuleUnload (mod));
  CHECK (cu.cuCtxSetCurrent (c1));
  EXPECT (CUDA_ERROR_INVALID_PTX, cu.cuModuleLoadData (&mod, sm90));
  EXPECT (CUDA_ERROR_UNSUPPORTED_PTX_VERSION,
	  cu.cuModuleLoadData (&mod, ptx80));

  /* Linked in context 0 for its sm_90: no code for sm_80.  */
  CUlinkState st, st80;
  CHECK (cu.cuCtxSetCurrent (c0));
  void *cubin = link_for (sm80, 0, &st);
  void *cubin80 = link_for (sm80, CU_TARGET_COMPUTE_80, &st80);
  CHECK (cu.cuModuleLoadData (&mod, cubin));
  CHECK (cu.cuModuleUnload (mod));
  EXPECT (CUDA_ERROR_NO_BINARY_FOR_GPU, cu.cuModuleLoadData (&mod, cubin80));
  CHECK (cu.cuCtxSetCurrent (c1));
  EXPECT (CUDA_ERROR_NO_BINARY_FOR_GPU, cu.cuModuleLoadData (&mod, cubin));
  CHECK (cu.cuModuleLoadData (&mod, cubin80));
  CHECK (cu.cuModuleUnload (mod));
  CHECK (cu.cuLinkDestroy (st));
  CHECK (cu.cuLinkDestroy (st80));

  /* GCC's image (sm_80 and sm_30 objects) on both.  */
  CUmodule m0, m1;
  CHECK (cu.cuCtxSetCurrent (c0));
  m0 = load_image ();
  CHECK (cu.cuCtxSetCurrent (c1));
  m1 = load_image ();
  CUfunction f0, f1;
  CHECK (cu.cuModuleGetFunction (&f0, m0, image->fns[0].name));
  CHECK (cu.cuModuleGetFunction (&f1, m1, image->fns[0].name));
  if (f0 == f1)
    fail ("one function handle for two modules");
  int ptxv, binv;
  CHECK (cu.cuFuncGetAttribute (&ptxv, CU_FUNC_ATTRIBUTE_PTX_VERSION, f0));
  CHECK (cu.cuFuncGetAttribute (&binv, CU_FUNC_ATTRIBUTE_BINARY_VERSION, f0));
  if (ptxv != 70 || binv != 90)
    fail ("PTX version %d, binary version %d; expected 70 (sm_80 object) "
	  "and 90 (device 0)", ptxv, binv);
  puts ("ok");
  return 0;
}
