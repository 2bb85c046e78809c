/* { dg-set-target-env-var LD_PRELOAD "" } */
/* { dg-set-target-env-var GOMPTARGET_PLUGINS "gcn,host" } */
/* { dg-set-target-env-var GOMP_DEBUG "1" } */

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

/* { dg-final { gomptarget-output-includes {next device ok} } } */
/* { dg-final { gomptarget-output-includes {gomptarget: gcn: no /dev/kfd \(the AMD GPU kernel driver is not loaded\): no GPU; libhsa-runtime64\.so\.1 not loaded} } } */
/* { dg-final { gomptarget-output-includes {device 0 initialised \(plugin .host.} } } */
