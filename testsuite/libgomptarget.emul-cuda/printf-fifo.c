/* The printf FIFO has the size set with cuCtxSetLimit before the first
   launch (later changes are refused): output that does not fit is
   dropped.  The FIFO is not written out at exit: a kernel's output the
   host never synchronised for is lost, as with the driver.  */
/* { dg-final { gomptarget-output-count {^line [0-9]: 0123456789abcdef$} 4 } } */
/* { dg-final { gomptarget-output-includes {line 0: } } } */
/* { dg-final { gomptarget-output-excludes {line [4-9]: } } } */
/* { dg-final { gomptarget-output-includes {host: synchronised\n} } } */
/* { dg-final { gomptarget-output-excludes {never synchronised} } } */

#include "emul-cuda-test.h"

static void
lines (int n)
{
#pragma omp target
  for (int i = 0; i < n; i++)
    printf ("line %d: 0123456789abcdef\n", i);
}

static void
last_words (int *done)
{
#pragma omp target is_device_ptr(done)
  {
    printf ("never synchronised\n");
    __atomic_store_n (done, 1, __ATOMIC_RELEASE);
  }
}

int
main (void)
{
  setup ();
  size_t limit;
  CHECK (cu.cuCtxGetLimit (&limit, CU_LIMIT_PRINTF_FIFO_SIZE));
  if (limit != 1 << 20)
    fail ("default printf FIFO size %zu, expected 1 MiB", limit);
  /* Four 25-byte lines fit in 100 bytes.  */
  CHECK (cu.cuCtxSetLimit (CU_LIMIT_PRINTF_FIFO_SIZE, 100));
  CUmodule mod = load_image ();
  lines (10);
  struct launch l = prepare (mod, &last_region, 1, 1);
  CHECK (launch (&l, NULL));
  CHECK (cu.cuCtxSynchronize ());
  EXPECT (CUDA_ERROR_INVALID_VALUE,
	  cu.cuCtxSetLimit (CU_LIMIT_PRINTF_FIFO_SIZE, 4096));
  CHECK (cu.cuCtxGetLimit (&limit, CU_LIMIT_PRINTF_FIFO_SIZE));
  if (limit != 100)
    fail ("printf FIFO size %zu after a refused change", limit);
  printf ("host: synchronised\n");

  int *done;
  CHECK (cu.cuMemHostAlloc ((void **) &done, sizeof *done, 0));
  *done = 0;
  last_words (done);
  l = prepare (mod, &last_region, 1, 1);
  CHECK (launch (&l, NULL));
  while (!__atomic_load_n (done, __ATOMIC_ACQUIRE))
    ;
  return 0;
}
