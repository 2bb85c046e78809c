/* { dg-set-target-env-var LD_PRELOAD "" } */
/* { dg-set-target-env-var HSA_RUNTIME_LIB "/nonexistent/libhsa-runtime64.so.1" } */
/* { dg-set-target-env-var GOMP_DEBUG "1" } */

/* HSA_RUNTIME_LIB names a file that does not exist: under GOMP_DEBUG the plugin says why it has no device.
   The program runs its regions on the host.  */

#include "without-gcn.h"

int
main (void)
{
  return gcn_test_without_gcn (0, 1, "host ok");
}

/* { dg-final { gomptarget-output-includes {host ok} } } */
/* { dg-final { gomptarget-output-includes {gomptarget: gcn: cannot load the HSA runtime: /nonexistent/libhsa-runtime64.so.1: cannot open shared object file} } } */
/* { dg-final { gomptarget-output-includes {plugin .gcn. loaded from [^\n]*: 0 device\(s\)} } } */
