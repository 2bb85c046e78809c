/* Device output larger than the console ring (1024 slots): the kernel
   waits while the ring is full, the plugin drains it while the kernel
   runs, and every line arrives once, in order.  */

#include "gcn-test.h"

#define LINES 5000

int
main (void)
{
  int n = LINES;

#pragma omp target map(to: n)
  for (int i = 0; i < n; i++)
    printf ("line %d\n", i);
  puts ("ring ok");
  return 0;
}

/* { dg-final { gomptarget-output-count {^line [0-9]+$} 5000 } } */
/* { dg-final { gomptarget-output-includes {line 0\nline 1\nline 2\n(.*\n)*line 1023\nline 1024\nline 1025\n(.*\n)*line 4998\nline 4999\nring ok} } } */
