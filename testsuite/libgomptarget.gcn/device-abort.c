/* { dg-set-target-env-var GOMP_DEBUG "1" } */
/* { dg-shouldfail "abort on the device" } */

/* abort () in a target region aborts the program (SIGABRT), after the
   device's output.  */

#include "gcn-test.h"

int
main (void)
{
#pragma omp target
  {
    printf ("device: aborting\n");
    abort ();
  }
  printf ("not reached\n");
  return 0;
}

/* { dg-output "device: aborting\n" } */
/* { dg-final { gomptarget-output-includes {gcn: device 0: kernel main\._omp_fn\.0 called abort} } } */
/* { dg-final { gomptarget-output-excludes {not reached} } } */
