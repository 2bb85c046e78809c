/* printf in target regions: the driver keeps the output in its FIFO
   until a synchronisation; the plugin synchronises when a region
   completes, so the output comes in program order, for nowait regions
   too (before the taskwait returns).  */

#include "nvptx-test.h"

int
main (void)
{
  int x = 41;
  printf ("before\n");
  fflush (stdout);
#pragma omp target map(to: x)
  printf ("device says %d\n", x + 1);
  printf ("between\n");
  fflush (stdout);
#pragma omp target map(to: x) nowait
  printf ("nowait says %d\n", x + 2);
#pragma omp taskwait
  printf ("after\n");
  return 0;
}

/* { dg-output "before\ndevice says 42\nbetween\nnowait says 43\nafter\n" } */
