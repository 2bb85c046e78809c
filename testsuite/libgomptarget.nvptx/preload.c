/* An unchanged program built against GCC's libgomp alone, run with
   LD_PRELOAD=libgomptarget.so.1 (and the emulated driver): its regions
   run on the GPU through the nvptx plugin.  */

/* { dg-gomptarget-preload "plain libgomp binary" } */
/* { dg-set-target-env-var LD_PRELOAD "@LIBDIR@/libgomptarget.so.1:@BLDDIR@/testsuite/emul/cuda/.libs/libcuda.so.1" } */
/* { dg-set-target-env-var GOMPTARGET_EMUL_CUDA_TRACE "nvptx-preload.trace" } */

#include "nvptx-test.h"

#define N 1000

int
main (void)
{
  static float x[N], y[N];
  int i, initial = -1;

  trace_reset ();
  for (i = 0; i < N; i++)
    {
      x[i] = i;
      y[i] = 1;
    }
#pragma omp target teams distribute parallel for map(to: x) map(tofrom: y)
  for (i = 0; i < N; i++)
    y[i] += 2 * x[i];
#pragma omp target map(from: initial)
  initial = omp_is_initial_device ();
  CHECK (initial == 0, "the region ran on the host");
  for (i = 0; i < N; i++)
    CHECK (y[i] == 2 * i + 1, "y[%d] = %g", i, y[i]);
  TRACE_CHECK (trace_count ("launch", "kernel=main$_omp_fn$0", NULL) == 1,
	 "the region did not run on the emulated GPU");
  return 0;
}
