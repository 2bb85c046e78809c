/* { dg-gomptarget-exit-status 7 } */

/* exit (n) in a target region ends the program with status n, as on the
   host, after the output the device wrote before it.  */

#include "gcn-test.h"

int
main (void)
{
  int x = 1;

#pragma omp target map(tofrom: x)
  x++;
  CHECK (x == 2);
  printf ("host: x=%d\n", x);
  fflush (stdout);
#pragma omp target
  {
    printf ("device: exiting\n");
    exit (7);
  }
  printf ("not reached\n");
  return 0;
}

/* { dg-output "host: x=2\ndevice: exiting\n" } */
/* { dg-final { gomptarget-output-excludes {not reached} } } */
