/* exit (n) in a target region on the host device ends the program with
   status n, as on the host, after what the region printed before; what
   follows the region does not run.  */

/* { dg-gomptarget-exit-status 3 } */

#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

int
main (int argc, char **argv)
{
  int x = argc, on_device = 0;
  (void) argv;

#pragma omp target map(tofrom: x, on_device)
  {
    x++;
    on_device = !omp_is_initial_device ();
  }
  if (x != 2 || !on_device)
    {
      fprintf (stderr, "FAIL: x = %d, on the device: %d\n", x, on_device);
      return 1;
    }
  printf ("host: x=%d\n", x);
  fflush (stdout);
#pragma omp target map(tofrom: x)
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
