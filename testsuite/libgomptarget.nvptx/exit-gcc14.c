/* exit (n) in a target region, GCC 14: its nvptx newlib (4.3 and later)
   makes _exit in offloaded code call abort, a trap (GCC PR85463), where
   __exitval_ptr is not set, as the plugin leaves it for these images.
   The kernel fails with CUDA_ERROR_LAUNCH_FAILED at the next
   synchronisation and the program ends with status 1 and the fault's
   message, as with GCC's own nvptx plugin; what follows the region does
   not run.  GCC 12's images: device-exit.c.  */

/* { dg-gomptarget-gcc-min 14 } */
/* { dg-gomptarget-exit-status 1 } */

#include "nvptx-test.h"

int
main (int argc, char **argv)
{
  int x = argc;
  (void) argv;

#pragma omp target map(tofrom: x)
  x++;
  CHECK (x == 2, "x = %d after the first region, expected 2", x);
  printf ("host: x=%d\n", x);
  fflush (stdout);
#pragma omp target map(tofrom: x)
  {
    if (x == 2)
      exit (3);
    x = 5;
  }
  printf ("not reached: x = %d\n", x);
  return 0;
}

/* { dg-output "host: x=2\n" } */
/* { dg-final { gomptarget-output-includes {libgomptarget: nvptx: device 0: the kernel of target region main\._omp_fn\.1 failed: CUDA_ERROR_LAUNCH_FAILED[^\n]*perhaps abort was called} } } */
/* { dg-final { gomptarget-output-excludes {not reached} } } */
