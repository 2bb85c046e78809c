/* GCC 14's 'declare target indirect': the plugin reads the image's table
   of the device addresses of indirect functions and gives the device
   code the map from their host addresses; calls through host function
   pointers in a region reach the right functions.  */

/* { dg-gomptarget-gcc-min 14 } */

/* { dg-set-target-env-var GOMP_DEBUG "1" } */

#include "nvptx-test.h"

/* Functions of external linkage: GCC 14's mkoffload does not find static
   ones.  */
int add1 (int);
int times3 (int);

#pragma omp begin declare target indirect
int
add1 (int v)
{
  return v + 1;
}

int
times3 (int v)
{
  return v * 3;
}
#pragma omp end declare target

int
main (void)
{
  int (*fns[2]) (int) = { add1, times3 };
  int r[4] = { 0 }, initial = -1;

#pragma omp target map(to: fns) map(from: r, initial)
  {
    for (int i = 0; i < 4; i++)
      r[i] = fns[i % 2] (10 + i);
    initial = omp_is_initial_device ();
  }
  CHECK (initial == 0, "the region ran on the host");
  CHECK (r[0] == 11 && r[1] == 33 && r[2] == 13 && r[3] == 39,
	 "r = {%d, %d, %d, %d}", r[0], r[1], r[2], r[3]);
  return 0;
}

/* { dg-final { gomptarget-output-includes {nvptx: device 0: 2 indirect function\(s\) mapped} } } */
/* { dg-final { gomptarget-output-includes {nvptx: device 0: loaded a GCC nvptx image \(library version 3\): [0-9]+ kernel\(s\), [0-9]+ variable\(s\), 2 indirect function\(s\)} } } */
