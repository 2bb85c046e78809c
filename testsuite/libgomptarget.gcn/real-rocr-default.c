/* { dg-set-target-env-var LD_PRELOAD "" } */
/* { dg-set-target-env-var GOMPTARGET_PLUGINS "gcn,host" } */

/* Debian's real ROCr (libhsa-runtime64-1) installed on a machine without
   a GPU (no /dev/kfd; gcn.exp skips the test otherwise): the GCN plugin
   does not even load it, and the program's regions run on the next
   device, the emulated one of the host plugin.  */

#include "without-gcn.h"

int
main (void)
{
  return gcn_test_without_gcn (1, 0, "next device ok");
}

/* Nothing but the program's line.  */
/* { dg-final { gomptarget-output-count {.} 1 } } */
/* { dg-final { gomptarget-output-includes {(?n)^next device ok$} } } */
