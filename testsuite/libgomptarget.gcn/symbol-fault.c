/* { dg-set-target-env-var GOMPTARGET_EMUL_HSA_FAIL "hsa_executable_get_symbol:3" } */

/* A symbol lookup that fails (the third: that of the region's kernel,
   after _init_array and _fini_array) is an error, reported with its
   status, not a kernel the image lacks: the image is not loaded and the
   device is left out, so every construct runs on the host.  Taken for a
   missing kernel, the region ran on the host alone while enter data and
   update went to the device, and b came back unchanged.  */

#include "gcn-test.h"

#define N 256

int
main (void)
{
  static long b[N];
  int i;

  for (i = 0; i < N; i++)
    b[i] = -i;
#pragma omp target enter data map(to: b)
#pragma omp target map(alloc: b)
  for (int j = 0; j < N; j++)
    b[j] += 3;
#pragma omp target update from(b)
  for (i = 0; i < N; i++)
    CHECK (b[i] == 3 - i);
#pragma omp target exit data map(delete: b)
  puts ("values right");
  return 0;
}

/* { dg-final { gomptarget-output-includes {libgomptarget: gcn: device 0: looking up [^ ]+: HSA_STATUS_ERROR: [^\n]*\(status 0x1000\)} } } */
/* { dg-final { gomptarget-output-includes {cannot load the program's offload code} } } */
/* { dg-final { gomptarget-output-includes {values right} } } */
