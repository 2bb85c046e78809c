/* { dg-set-target-env-var LD_PRELOAD "" } */
/* { dg-set-target-env-var HSA_RUNTIME_LIB "/nonexistent/libhsa-runtime64.so.1" } */

/* HSA_RUNTIME_LIB names a file that does not exist: no GCN device, and nothing said about it.
   The program runs its regions on the host.  */

#include "without-gcn.h"

int
main (void)
{
  return gcn_test_without_gcn (0, 1, "host ok");
}

/* The program's line is all there is.  */
/* { dg-final { gomptarget-output-count {.} 1 } } */
/* { dg-final { gomptarget-output-includes {(?n)^host ok$} } } */
