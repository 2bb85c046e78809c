/* { dg-set-target-env-var GOMPTARGET_EMUL_HSA_FAULT "init" } */

/* hsa_init fails (as Debian's ROCr does on a machine without a GPU): no
   GCN device, nothing printed, the regions run on the host.  */

#include "gcn-test.h"

int
main (void)
{
  int x = 1;

  CHECK (omp_get_num_devices () == 0);
#pragma omp target map(tofrom: x)
  x++;
  CHECK (x == 2);
  puts ("host ok");
  return 0;
}

/* { dg-final { gomptarget-output-count {.} 1 } } */
