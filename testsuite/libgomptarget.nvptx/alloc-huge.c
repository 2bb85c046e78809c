/* An allocation larger than any GPU's memory (omp_target_alloc of 1 PiB):
   the plugin's pool gives back what it caches and tries again, then says
   the device is out of memory, and omp_target_alloc returns NULL; the
   device works on.  */

#include "nvptx-test.h"

int
main (void)
{
  int x = 1;
  void *p = omp_target_alloc ((size_t) 1 << 50, 0);
  CHECK (p == NULL, "1 PiB of device memory at %p", p);
#pragma omp target map(tofrom: x)
  x = 2;
  CHECK (x == 2, "x = %d", x);
  printf ("done\n");
  return 0;
}

/* { dg-final { gomptarget-output-includes {libgomptarget: nvptx: device 0: out of device memory: cannot allocate 1125899906842624 bytes} } } */
/* { dg-final { gomptarget-output-includes {done} } } */
