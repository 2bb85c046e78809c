/* { dg-set-target-env-var GOMP_DEBUG "1" } */

/* nowait regions go to the device's queues and complete from the plugin
   (its serving thread reports them): a chain of regions ordered by depend
   clauses, independent regions overlapping with host work, their output
   printed, and taskwait waiting for all of them.  */

#include <unistd.h>
#include "gcn-test.h"

#define N 256

int
main (void)
{
  static int a[N], b[4][N];
  int i, k, x = 0;

  for (i = 0; i < N; i++)
    a[i] = i;
#pragma omp parallel num_threads(4)
#pragma omp single
  {
    /* A chain: each region reads what the one before wrote.  */
#pragma omp target nowait map(tofrom: x) depend(out: x)
    x = 1;
    for (k = 2; k <= 10; k++)
      {
#pragma omp target nowait map(tofrom: x) depend(inout: x) firstprivate(k)
	x = x * 2 + k;
      }
    /* Independent regions.  */
    for (k = 0; k < 4; k++)
      {
#pragma omp target nowait map(to: a) map(from: b[k:1][0:N]) firstprivate(k)
	{
	  for (int j = 0; j < N; j++)
	    b[k][j] = a[j] + k;
	  printf ("region %d done\n", k);
	}
      }
#pragma omp taskwait
  }
  {
    int want = 1;
    for (k = 2; k <= 10; k++)
      want = want * 2 + k;
    CHECK (x == want);
  }
  for (k = 0; k < 4; k++)
    for (i = 0; i < N; i++)
      CHECK (b[k][i] == i + k);
  puts ("nowait ok");
  return 0;
}

/* { dg-final { gomptarget-output-includes {nowait ok} } } */
/* { dg-final { gomptarget-output-count {^region [0-3] done$} 4 } } */
/* { dg-final { gomptarget-output-includes {gcn: device 0: launching main\._omp_fn} } } */
