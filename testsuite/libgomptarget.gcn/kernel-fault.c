/* { dg-set-target-env-var GOMPTARGET_EMUL_HSA_FAULT "kernel=main._omp_fn.1" } */
/* { dg-gomptarget-exit-status 1 } */

/* A kernel that faults on the device (injected: the runtime reports
   HSA_STATUS_ERROR_EXCEPTION on its queue) is fatal, with the region's
   name and the runtime's status string.  */

#include "gcn-test.h"

int
main (void)
{
  int x = 0;

#pragma omp target map(tofrom: x)
  x = 1;
  CHECK (x == 1);
  printf ("first region ok\n");
  fflush (stdout);
#pragma omp target map(tofrom: x)
  x = 2;
  printf ("not reached\n");
  return 0;
}

/* { dg-output "first region ok\n" } */
/* { dg-final { gomptarget-output-includes {libgomptarget: gcn: device 0: the kernel of region main\._omp_fn\.1 failed: HSA_STATUS_ERROR_EXCEPTION} } } */
/* { dg-final { gomptarget-output-excludes {not reached} } } */
