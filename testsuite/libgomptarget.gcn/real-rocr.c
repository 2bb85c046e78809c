/* { dg-set-target-env-var LD_PRELOAD "" } */
/* { dg-set-target-env-var GOMPTARGET_PLUGINS "gcn,host" } */
/* { dg-set-target-env-var HSA_RUNTIME_LIB "/usr/lib/x86_64-linux-gnu/libhsa-runtime64.so.1" } */

/* Debian's real ROCr (libhsa-runtime64-1) on a machine without a GPU (no
   /dev/kfd; gcn.exp skips the test otherwise), named by HSA_RUNTIME_LIB:
   its hsa_init fails, so the GCN plugin has no device, and the program's
   regions run on the next device, the emulated one of the host plugin.  */

#include "without-gcn.h"

int
main (void)
{
  return gcn_test_without_gcn (1, 0, "next device ok");
}

/* Nothing but the program's line.  */
/* { dg-final { gomptarget-output-count {.} 1 } } */
/* { dg-final { gomptarget-output-includes {(?n)^next device ok$} } } */
