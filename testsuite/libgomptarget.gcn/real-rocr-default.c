/* { dg-set-target-env-var LD_PRELOAD "" } */
/* { dg-set-target-env-var GOMPTARGET_PLUGINS "gcn,host" } */

/* Debian's real ROCr (libhsa-runtime64-1) installed on a machine without
   a GPU (no /dev/kfd; gcn.exp skips the test otherwise): the GCN plugin
   does not even load it, and the program's regions run on the next
   device, the emulated one of the host plugin.  */

#include "gcn-test.h"

int
main (void)
{
  int x = 1, dev = 1;

  CHECK (omp_get_num_devices () == 1);
#pragma omp target map(tofrom: x, dev)
  {
    x++;
    dev = omp_is_initial_device ();
  }
  CHECK (x == 2 && dev == 0);
  puts ("next device ok");
  return 0;
}

/* Nothing but the program's line.  */
/* { dg-final { gomptarget-output-count {.} 1 } } */
/* { dg-final { gomptarget-output-includes {(?n)^next device ok$} } } */
