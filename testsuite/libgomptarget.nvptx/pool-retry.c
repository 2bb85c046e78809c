/* The memory pool of the plugin core keeps freed device memory for
   reuse; when the GPU has no more, the cache is given back and the
   allocation tried again, which succeeds here.  */

/* { dg-set-target-env-var GOMPTARGET_EMUL_CUDA_MEM_MB "64" } */
/* { dg-set-target-env-var GOMP_DEBUG "1" } */

#include "nvptx-test.h"

int
main (void)
{
  size_t a = (size_t) 40 << 20, b = (size_t) 50 << 20;
  char *p = malloc (b);
  CHECK (p != NULL, "no host memory");
  memset (p, 3, b);
  /* 40 MiB, freed to the pool's cache at the end of the region.  */
#pragma omp target map(tofrom: p[0:a])
  p[0] = 4;
  /* 50 MiB: does not fit beside the cached 40 MiB.  */
#pragma omp target map(tofrom: p[0:b])
  p[b - 1] = 5;
  CHECK (p[0] == 4 && p[b - 1] == 5, "wrong values %d %d", p[0], p[b - 1]);
  free (p);
  return 0;
}

/* { dg-final { gomptarget-output-includes {nvptx: device 0: allocation of [0-9]+ bytes succeeded after freeing the cache} } } */
