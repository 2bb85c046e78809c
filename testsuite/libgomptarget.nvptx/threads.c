/* Host threads using one GPU at once through the nvptx plugin: each
   thread has a stream of its own; every thread's regions and copies give
   its own results.  */

#include "nvptx-test.h"

#define N 20000
#define T 6

int
main (void)
{
  static int data[T][N];
  int bad = 0;

#pragma omp parallel num_threads(T) reduction(+: bad)
  {
    int t = omp_get_thread_num ();
    int *x = data[t];
    for (int round = 0; round < 5; round++)
      {
	for (int i = 0; i < N; i++)
	  x[i] = i + t;
#pragma omp target map(tofrom: x[0:N]) firstprivate(round)
	for (int i = 0; i < N; i++)
	  x[i] = x[i] * 3 + round;
	for (int i = 0; i < N; i++)
	  bad += x[i] != (i + t) * 3 + round;
      }
  }
  CHECK (bad == 0, "%d wrong values", bad);
  return 0;
}
