/* Mapping more than the GPU's memory: the plugin's pool gives back what
   it caches and tries again, then the error is clear and fatal.  */

/* { dg-set-target-env-var GOMPTARGET_EMUL_CUDA_MEM_MB "64" } */
/* { dg-gomptarget-exit-status 1 } */

#include "nvptx-test.h"

int
main (void)
{
  size_t n = (size_t) 80 << 20;
  char *p = malloc (n);
  CHECK (p != NULL, "no host memory");
  memset (p, 1, n);
#pragma omp target map(tofrom: p[0:n])
  p[0] = 2;
  printf ("not reached: %d\n", p[0]);
  return 0;
}

/* { dg-final { gomptarget-output-includes {libgomptarget: nvptx: device 0: out of device memory: cannot allocate 83886080 bytes} } } */
/* { dg-final { gomptarget-output-excludes {not reached} } } */
