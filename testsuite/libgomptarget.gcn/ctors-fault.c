/* { dg-set-target-env-var GOMPTARGET_EMUL_HSA_FAULT "kernel=_init_array" } */
/* { dg-gomptarget-exit-status 1 } */

/* The image's constructors (_init_array) fault on the device while the
   device is set up at the first region (injected: the runtime reports
   the fault on its own thread while the program's thread waits, holding
   the front end's locks): fatal, naming the constructors, and the
   program ends with status 1 instead of waiting at exit for those
   locks.  */

#include "gcn-test.h"

int
main (void)
{
  int x = 0;

  printf ("before the first region\n");
  fflush (stdout);
#pragma omp target map(tofrom: x)
  x = 1;
  printf ("not reached: x = %d\n", x);
  return 0;
}

/* { dg-output "before the first region\n" } */
/* { dg-final { gomptarget-output-includes {libgomptarget: gcn: device 0: the image's constructors \(_init_array\) failed: HSA_STATUS_ERROR_EXCEPTION} } } */
/* { dg-final { gomptarget-output-excludes {not reached|\(none launched\)} } } */
