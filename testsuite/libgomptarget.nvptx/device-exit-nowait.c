/* exit (n) in a nowait region that nobody waits for (GCC 12's images,
   see device-exit.c): the plugin's watcher finds the status once the
   stream is done and ends the program with it, while the host is busy;
   what the device printed before comes out.  */

/* { dg-gomptarget-gcc-max 12 } */
/* { dg-gomptarget-exit-status 5 } */

#include "nvptx-test.h"

int
main (int argc, char **argv)
{
  int i, x = argc;
  (void) argv;

#pragma omp target teams num_teams (1) thread_limit (1) nowait firstprivate (x)
  {
    printf ("device: exiting\n");
    if (x == 1)
      exit (5);
  }
  /* Not a wait on the device: 10 s at most.  */
  for (i = 0; i < 200; i++)
    usleep (50 * 1000);
  printf ("not reached\n");
  return 0;
}

/* { dg-output "device: exiting\n" } */
/* { dg-final { gomptarget-output-excludes {not reached} } } */
