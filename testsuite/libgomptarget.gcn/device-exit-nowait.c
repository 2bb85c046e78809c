/* { dg-set-target-env-var GOMP_DEBUG "1" } */
/* { dg-gomptarget-exit-status 5 } */

/* exit in a nowait region that nobody waits for: the plugin's serving
   thread sees it and ends the program, while the host is busy.  The exit
   depends on a value GCC cannot see (as in the nvptx test): GCC takes a
   region that always calls exit to make the construct itself not return,
   and drops the host code after it -- which a nowait construct that
   returns at once would then run off the end of main.  */

#include <unistd.h>
#include "gcn-test.h"

int
main (int argc, char **argv)
{
  int i, x = argc;
  (void) argv;

#pragma omp target nowait firstprivate (x)
  {
    printf ("device: exiting\n");
    if (x == 1)
      exit (5);
  }
  /* Not a wait on the device.  */
  for (i = 0; i < 200; i++)
    usleep (50 * 1000);
  printf ("not reached\n");
  return 0;
}

/* { dg-output "device: exiting\n" } */
/* { dg-final { gomptarget-output-includes {gcn: device 0: kernel main\._omp_fn\.0 called exit \(5\): the program ends} } } */
/* { dg-final { gomptarget-output-excludes {not reached} } } */
