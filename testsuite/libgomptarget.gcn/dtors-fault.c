/* { dg-set-target-env-var GOMPTARGET_EMUL_HSA_FAULT "kernel=_fini_array" } */
/* { dg-gomptarget-exit-status 1 } */

/* The image's destructors (_fini_array) fault on the device when the
   device is finished at exit (injected: reported on the runtime's own
   thread while the exiting thread waits, holding the device's lock):
   fatal, naming the destructors, and the program ends with status 1
   instead of waiting for that lock.  */

#include "gcn-test.h"

int
main (void)
{
  int x = 0;

#pragma omp target map(tofrom: x)
  x = 1;
  CHECK (x == 1);
  printf ("region ok\n");
  return 0;
}

/* { dg-output "region ok\n" } */
/* { dg-final { gomptarget-output-includes {libgomptarget: gcn: device 0: the image's destructors \(_fini_array\) failed: HSA_STATUS_ERROR_EXCEPTION} } } */
