/* { dg-set-target-env-var GOMPTARGET_EMUL_HSA_ISA "gfx908" } */

/* An image built for another ISA than the GPU's is not loaded: the
   plugin says which ISAs they are and how to build for the GPU, and the
   regions run on the host.  */

#include "gcn-test.h"

int
main (void)
{
  int x = 1, host = 0;

#pragma omp target map(tofrom: x, host)
  {
    x += 1;
    host = omp_is_initial_device ();
  }
  CHECK (x == 2);
  CHECK (host);
  puts ("fallback ok");
  return 0;
}

/* { dg-final { gomptarget-output-includes {fallback ok} } } */
/* { dg-final { gomptarget-output-includes {libgomptarget: gcn: device 0: image is gfx[0-9a-f]+, device is gfx908: not loaded \(build with -foffload-options=amdgcn-amdhsa=-march=gfx908\)} } } */
