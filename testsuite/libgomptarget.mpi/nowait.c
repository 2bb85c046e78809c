/* nowait and depend on two devices of the MPI plugin (mpirun: -n 3): a
   chain of dependent regions on each rank keeps its order, and the two
   ranks run at once -- each region notes when it started and ended
   (omp_get_wtime: one clock for the processes of one machine), and the
   regions of the two ranks overlap in time.  */
/* mpirun: -n 3 */
/* { dg-gomptarget-images "" } */

#include "mpi-test.h"

#include <omp.h>
#include <stdio.h>

#define T 0.3			/* Seconds each busy region takes.  */

int
main (void)
{
  double start[2], end[2];
  int x[2] = { 1, 1 }, d;

  CHECK (omp_get_num_devices () == 2);
#pragma omp parallel num_threads(2)
#pragma omp single
  {
    for (d = 0; d < 2; d++)
      {
	/* x = (x + 1) * 3, on the device, in this order.  */
#pragma omp target device(d) map(tofrom: x[d:1]) depend(out: x[d]) nowait
	x[d] += 1;
#pragma omp target device(d) map(tofrom: x[d:1]) depend(inout: x[d]) nowait
	x[d] *= 3;
#pragma omp target device(d) map(from: start[d:1], end[d:1]) \
		   depend(inout: x[d]) nowait
	{
	  double t = omp_get_wtime ();
	  start[d] = t;
	  while (omp_get_wtime () - t < T)
	    ;
	  end[d] = omp_get_wtime ();
	}
      }
#pragma omp taskwait
  }
  CHECK (x[0] == 6 && x[1] == 6);
  /* The busy regions of the two ranks ran at once.  */
  CHECK (start[0] < end[1] && start[1] < end[0]);
  if (errors == 0)
    printf ("ok\n");
  else
    printf ("region 0: %f..%f, region 1: %f..%f\n", start[0], end[0],
	    start[1], end[1]);
  return errors != 0;
}

/* { dg-final { gomptarget-output-includes {(^|\n)ok\n} } } */
