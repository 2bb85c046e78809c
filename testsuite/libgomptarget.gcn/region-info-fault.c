/* { dg-set-target-env-var GOMPTARGET_EMUL_HSA_FAIL "hsa_region_get_info:3" } */

/* A failure of the runtime while the plugin reads a GPU's memory regions
   (here the third hsa_region_get_info) is reported with its status, not
   taken silently for a GPU without a usable region; the GPU is left out
   and the region runs on the host.  */

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

/* { dg-final { gomptarget-output-includes {libgomptarget: gcn: GPU 0 \(gfx[0-9a-f]+\): listing its memory regions: HSA_STATUS_ERROR: [^\n]*\(status 0x1000\)} } } */
/* { dg-final { gomptarget-output-includes {host ok} } } */
