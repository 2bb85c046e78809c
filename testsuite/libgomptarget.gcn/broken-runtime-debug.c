/* { dg-set-target-env-var LD_PRELOAD "" } */
/* { dg-set-target-env-var HSA_RUNTIME_LIB "libm.so.6" } */
/* { dg-set-target-env-var GOMP_DEBUG "1" } */

/* HSA_RUNTIME_LIB names a library that is not an HSA runtime: under GOMP_DEBUG the plugin names the function it lacks.
   The program runs its regions on the host.  */

#include "without-gcn.h"

int
main (void)
{
  return gcn_test_without_gcn (0, 1, "host ok");
}

/* { dg-final { gomptarget-output-includes {host ok} } } */
/* { dg-final { gomptarget-output-includes {gomptarget: gcn: libm.so.6 is not a usable HSA runtime: it has no hsa_status_string} } } */
/* { dg-final { gomptarget-output-includes {plugin .gcn. loaded from [^\n]*: 0 device\(s\)} } } */
