/* exit in a kernel, GCC 12's nvptx newlib: exit stores the status where
   __exitval_ptr points when it is set, and ends the kernel's thread with
   the PTX "exit" instruction: the kernel ends without error, what
   follows the call does not run, and neither the program nor the
   context is affected.  GCC 14's newlib traps: exit-kernel-gcc14.c.  */
/* { dg-gomptarget-gcc-max 12 } */
/* { dg-final { gomptarget-output-includes {host: after the kernels\n} } } */

#include "emul-cuda-test.h"

static void
region (int *x)
{
#pragma omp target map(tofrom: x[0:3])
  {
    x[0]++;
    if (x[2])
      exit (3);
    x[1]++;
  }
}

int
main (void)
{
  setup ();
  CUmodule mod = load_image ();
  int x[3] = { 0, 0, 1 };
  region (x);
  struct launch l = prepare (mod, &last_region, 1, 1);
  CHECK (launch (&l, NULL));
  CHECK (cu.cuCtxSynchronize ());
  finish (&l, &last_region);
  if (x[0] != 1 || x[1] != 0)
    fail ("after exit: x = {%d, %d}, expected {1, 0}", x[0], x[1]);
  x[2] = 0;
  region (x);
  l = prepare (mod, &last_region, 1, 1);
  CHECK (launch (&l, NULL));
  CHECK (cu.cuCtxSynchronize ());
  finish (&l, &last_region);
  if (x[0] != 2 || x[1] != 1)
    fail ("without exit: x = {%d, %d}, expected {2, 1}", x[0], x[1]);
  /* With __exitval_ptr pointing at mapped host memory, as the plugin
     sets it, the status lands there.  */
  CUdeviceptr var, word_dev;
  size_t size;
  int32_t *word;
  CHECK (cu.cuModuleGetGlobal_v2 (&var, &size, mod, "__exitval_ptr"));
  if (size != sizeof (uint64_t))
    fail ("__exitval_ptr has %zu bytes, expected 8", size);
  CHECK (cu.cuMemHostAlloc ((void **) &word, sizeof *word,
			    CU_MEMHOSTALLOC_DEVICEMAP));
  CHECK (cu.cuMemHostGetDevicePointer_v2 (&word_dev, word, 0));
  CHECK (cu.cuMemcpyHtoD_v2 (var, &word_dev, sizeof word_dev));
  *word = -1;
  x[2] = 1;
  region (x);
  l = prepare (mod, &last_region, 1, 1);
  CHECK (launch (&l, NULL));
  CHECK (cu.cuCtxSynchronize ());
  finish (&l, &last_region);
  if (x[0] != 3 || x[1] != 1 || *word != 3)
    fail ("exit with __exitval_ptr set: x = {%d, %d}, status %d, expected "
	  "{3, 1}, 3", x[0], x[1], (int) *word);
  CHECK (cu.cuMemFreeHost (word));
  printf ("host: after the kernels\n");
  return 0;
}
