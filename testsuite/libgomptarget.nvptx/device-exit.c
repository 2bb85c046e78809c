/* exit (n) in a target region ends the program with status n, after
   what the device printed before, as on the host device and on GCN.
   GCC 12's nvptx newlib stores n where __exitval_ptr points (the plugin
   sets it) and ends the thread with the PTX "exit" instruction; the
   kernel ends without an error, and the plugin ends the program when it
   finds the status.  On a GPU, only a region of one warp ends so (with
   more, the other warps wait for the exited thread for ever): hence
   thread_limit (1).  GCC 14's newlib traps instead: exit-gcc14.c.  */

/* { dg-gomptarget-gcc-max 12 } */
/* { dg-gomptarget-exit-status 3 } */

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
#pragma omp target teams num_teams (1) thread_limit (1) map(tofrom: x)
  {
    printf ("device: exiting\n");
    if (x == 2)
      exit (3);
    x = 5;
  }
  printf ("not reached: x = %d\n", x);
  return 0;
}

/* { dg-output "host: x=2\ndevice: exiting\n" } */
/* { dg-final { gomptarget-output-excludes {not reached} } } */
