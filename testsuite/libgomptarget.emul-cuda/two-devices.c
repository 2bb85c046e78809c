/* Two devices: separate memory and contexts, peer access (enabled per
   direction), peer copies, a stream of device 1 waiting for an event of
   device 0, module variables that are the program's on both devices,
   and kernels refused memory of a device they have no access to.  */
/* { dg-set-target-env-var GOMPTARGET_EMUL_CUDA_DEVICES "2" } */

#include "emul-cuda-test.h"

int counter = 5;
#pragma omp declare target to(counter)

static void
spin (int *flag, int *out)
{
#pragma omp target map(from: out[0:1]) is_device_ptr(flag)
  {
    while (!__atomic_load_n (flag, __ATOMIC_ACQUIRE))
      ;
    out[0] = 42 + counter;
  }
}

int
main (void)
{
  CUcontext c0 = setup ();
  CUcontext c1 = setup_device (1);
  int n, can;
  CHECK (cu.cuDeviceGetCount (&n));
  if (n != 2)
    fail ("%d devices", n);
  CHECK (cu.cuDeviceCanAccessPeer (&can, 0, 1));
  if (!can)
    fail ("device 0 cannot access device 1");
  CHECK (cu.cuDeviceCanAccessPeer (&can, 0, 0));
  if (can)
    fail ("a device is its own peer");

  CHECK (cu.cuCtxSetCurrent (c0));
  CHECK (cu.cuCtxEnablePeerAccess (c1, 0));
  EXPECT (CUDA_ERROR_PEER_ACCESS_ALREADY_ENABLED,
	  cu.cuCtxEnablePeerAccess (c1, 0));
  EXPECT (CUDA_ERROR_INVALID_DEVICE, cu.cuCtxEnablePeerAccess (c0, 0));
  CUmodule m0 = load_image ();
  CUdeviceptr a0, a1;
  CHECK (cu.cuMemAlloc_v2 (&a0, 64));
  CHECK (cu.cuCtxSetCurrent (c1));
  CUmodule m1 = load_image ();
  CHECK (cu.cuMemAlloc_v2 (&a1, 64));
  int ordinal;
  CHECK (cu.cuPointerGetAttribute (&ordinal,
				   CU_POINTER_ATTRIBUTE_DEVICE_ORDINAL, a1));
  if (ordinal != 1)
    fail ("a1 is on device %d", ordinal);

  /* Peer copies, each pointer in its own context.  */
  char msg[64] = "from device 0", back[64];
  CHECK (cu.cuCtxSetCurrent (c0));
  CHECK (cu.cuMemcpyHtoD_v2 (a0, msg, sizeof msg));
  CHECK (cu.cuMemcpyPeer (a1, c1, a0, c0, sizeof msg));
  CHECK (cu.cuCtxSetCurrent (c1));
  CHECK (cu.cuMemcpyDtoH_v2 (back, a1, sizeof back));
  if (strcmp (back, msg) != 0)
    fail ("peer copy: '%s'", back);
  EXPECT (CUDA_ERROR_INVALID_VALUE,
	  cu.cuMemcpyPeer (a1, c0, a0, c0, sizeof msg));

  /* The declare-target variable is the program's on both devices.  */
  CUdeviceptr g0, g1;
  CHECK (cu.cuModuleGetGlobal_v2 (&g0, NULL, m0, "counter"));
  CHECK (cu.cuModuleGetGlobal_v2 (&g1, NULL, m1, "counter"));
  if (g0 != (CUdeviceptr) (uintptr_t) &counter || g1 != g0)
    fail ("'counter' at %#llx and %#llx", g0, g1);

  /* Device 1 waits for an event of device 0.  */
  int *flag;
  CHECK (cu.cuMemHostAlloc ((void **) &flag, sizeof *flag, 0));
  *flag = 0;
  int out = 0;
  spin (flag, &out);
  CHECK (cu.cuCtxSetCurrent (c0));
  struct launch l = prepare (m0, &last_region, 1, 1);
  CUstream s0, s1;
  CUevent e0;
  CHECK (cu.cuStreamCreate (&s0, CU_STREAM_NON_BLOCKING));
  CHECK (cu.cuEventCreate (&e0, CU_EVENT_DISABLE_TIMING));
  CHECK (launch (&l, s0));
  CHECK (cu.cuEventRecord (e0, s0));
  CHECK (cu.cuCtxSetCurrent (c1));
  CHECK (cu.cuStreamCreate (&s1, CU_STREAM_NON_BLOCKING));
  EXPECT (CUDA_ERROR_INVALID_HANDLE, launch (&l, s1));
  CHECK (cu.cuStreamWaitEvent (s1, e0, 0));
  CHECK (cu.cuMemcpyPeerAsync (a1, c1, l.dev[1], c0, sizeof (int), s1));
  EXPECT (CUDA_ERROR_NOT_READY, cu.cuStreamQuery (s1));
  __atomic_store_n (flag, 1, __ATOMIC_RELEASE);
  CHECK (cu.cuStreamSynchronize (s1));
  int v;
  CHECK (cu.cuMemcpyDtoH_v2 (&v, a1, sizeof v));
  if (v != 47)
    fail ("device 1 read %d before device 0's kernel wrote 47", v);

  /* Device 0 may use device 1's memory (access enabled), not the
     reverse.  */
  CHECK (cu.cuCtxSetCurrent (c0));
  *flag = 1;
  CUdeviceptr vars1;
  CHECK (cu.cuCtxSetCurrent (c1));
  CHECK (cu.cuMemAlloc_v2 (&vars1, 2 * sizeof (void *)));
  CHECK (cu.cuMemcpyDtoD_v2 (vars1, l.vars, 2 * sizeof (void *)));
  CHECK (cu.cuCtxSetCurrent (c0));
  struct launch via1 = l;
  via1.vars = vars1;
  CHECK (launch (&via1, NULL));
  CHECK (cu.cuCtxSynchronize ());
  CHECK (cu.cuCtxSetCurrent (c1));
  struct launch l1 = prepare (m1, &last_region, 1, 1);
  l1.stacks = l.stacks;		/* Device 0's.  */
  CHECK (launch (&l1, NULL));
  EXPECT (CUDA_ERROR_ILLEGAL_ADDRESS, cu.cuCtxSynchronize ());
  CHECK (cu.cuCtxSetCurrent (c0));
  CHECK (cu.cuCtxSynchronize ());
  puts ("ok");
  return 0;
}
