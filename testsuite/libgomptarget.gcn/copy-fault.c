/* { dg-set-target-env-var GOMPTARGET_EMUL_HSA_FAULT "copy:2+" } */
/* { dg-shouldfail "the runtime's copies fail" } */

/* An HSA call that fails is reported with the operation and the
   runtime's status string (here hsa_memory_copy, made to fail from its
   second call on: the first writes the image's heap size), and the
   program stops rather than compute with data that never arrived.  */

#include "gcn-test.h"

int
main (void)
{
  int x = 1;

#pragma omp target map(tofrom: x)
  x++;
  printf ("not reached: x=%d\n", x);
  return 0;
}

/* { dg-final { gomptarget-output-includes {libgomptarget: gcn: device 0: copying [0-9]+ bytes (to|from) the device \(0x[0-9a-f]+ to 0x[0-9a-f]+\): HSA_STATUS_ERROR: [^\n]*\(status 0x1000\)} } } */
/* { dg-final { gomptarget-output-excludes {not reached} } } */
