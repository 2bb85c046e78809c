/* { dg-set-target-env-var GOMPTARGET_EMUL_HSA_FAULT "init" } */

/* hsa_init fails (as Debian's ROCr does on a machine without a GPU): no
   GCN device, nothing printed, the regions run on the host.  */

#include "without-gcn.h"

int
main (void)
{
  return gcn_test_without_gcn (0, 1, "host ok");
}

/* { dg-final { gomptarget-output-count {.} 1 } } */
