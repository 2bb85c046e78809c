/* Reverse offload (GCC 14) on a GPU that cannot map host memory, where
   the mailbox cannot live: the region is refused with the reason, then
   the front end's fatal error, rather than run with its ancestor region
   silently skipped.  */

/* { dg-gomptarget-gcc-min 14 } */
/* { dg-set-target-env-var GOMPTARGET_EMUL_CUDA_MAP_HOST "0" } */
/* { dg-gomptarget-exit-status 1 } */

#include "nvptx-test.h"

#pragma omp requires reverse_offload

static int host_calls;

static void __attribute__ ((noinline))
on_host (void)
{
  host_calls++;
}

int
main (void)
{
  int x = 0;

#pragma omp target map(tofrom: x)
  {
#pragma omp target device(ancestor: 1)
    on_host ();
    x = 1;
  }
  printf ("not reached: x = %d, host_calls = %d\n", x, host_calls);
  return 0;
}

/* { dg-final { gomptarget-output-includes {libgomptarget: nvptx: device 0: target region main\._omp_fn\.0 not run: its image has reverse-offload functions, and the device cannot map host memory, which reverse offload needs} } } */
/* { dg-final { gomptarget-output-excludes {not reached} } } */
