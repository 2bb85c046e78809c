/* { dg-set-target-env-var GOMPTARGET_EMUL_HSA_MEMORY_MB "64" } */
/* { dg-set-target-env-var GCN_HEAP_SIZE "100000000" } */

/* A device heap (GCN_HEAP_SIZE) bigger than the device's memory: the
   image cannot be loaded, which the plugin says with the runtime's
   status; the program's regions then run on the host.  */

#include "gcn-test.h"

int
main (void)
{
  int x = 1, host = 0;

#pragma omp target map(tofrom: x, host)
  {
    x++;
    host = omp_is_initial_device ();
  }
  CHECK (x == 2);
  CHECK (host);
  puts ("fallback ok");
  return 0;
}

/* { dg-final { gomptarget-output-includes {fallback ok} } } */
/* { dg-final { gomptarget-output-includes {libgomptarget: gcn: device 0: cannot allocate the device heap of 100000000 bytes \(GCN_HEAP_SIZE\): HSA_STATUS_ERROR_[A-Z_]+: } } } */
