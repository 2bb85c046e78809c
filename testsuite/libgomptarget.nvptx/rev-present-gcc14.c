/* Reverse offload (GCC 14): map(present) of data the host does not have
   is fatal with libgomp's message while the kernel waits for its
   request; the program ends with status 1 instead of waiting for a
   kernel that cannot finish.  */

/* { dg-gomptarget-gcc-min 14 } */
/* { dg-gomptarget-exit-status 1 } */

#include "nvptx-test.h"

#pragma omp requires reverse_offload

int
main (void)
{
  int x = 0;

#pragma omp target map(tofrom: x)
  {
    int local[4] = { 1, 2, 3, 4 };
#pragma omp target device(ancestor: 1) map(present, to: local)
    local[0]++;
    x = local[0];
  }
  printf ("not reached: x = %d\n", x);
  return 0;
}

/* { dg-final { gomptarget-output-includes {libgomptarget: present clause: no corresponding data on parent device at 0x[0-9a-f]+ with size 16} } } */
/* { dg-final { gomptarget-output-excludes {not reached} } } */
