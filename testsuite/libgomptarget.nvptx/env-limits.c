/* GOMPTARGET_NVPTX_HEAP_MB and GOMPTARGET_NVPTX_PRINTF_KB set the device
   heap and printf buffer of each GPU's context before its first launch;
   GOMP_DEBUG shows the values in force.  */

/* { dg-set-target-env-var GOMPTARGET_NVPTX_HEAP_MB "64" } */
/* { dg-set-target-env-var GOMPTARGET_NVPTX_PRINTF_KB "2048" } */
/* { dg-set-target-env-var GOMP_DEBUG "1" } */

#include "nvptx-test.h"

int
main (void)
{
  int x = 1;
#pragma omp target map(tofrom: x)
  {
    char *p = malloc (1000);
    p[999] = 3;
    x += p[999];
    free (p);
  }
  CHECK (x == 4, "x = %d", x);
  return 0;
}

/* { dg-final { gomptarget-output-includes {nvptx: device 0: device heap: 65536 KiB} } } */
/* { dg-final { gomptarget-output-includes {nvptx: device 0: printf buffer: 2048 KiB} } } */
