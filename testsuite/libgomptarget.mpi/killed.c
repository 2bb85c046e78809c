/* A serving rank killed (kill -9) while rank 0 uses its device (mpirun:
   -n 2): mpirun sees the death and ends the job, naming the rank, and
   rank 0 names the device (device 0 is rank 1), within 5 seconds (an
   alarm kills the program silently otherwise); the exit status is not
   zero and nothing hangs.  */
/* mpirun: -n 2 */
/* { dg-gomptarget-images "" } */
/* { dg-shouldfail "rank killed" } */

#include "mpi-test.h"

#include <omp.h>
#include <signal.h>
#include <stdio.h>
#include <unistd.h>

int
main (void)
{
  int x = 0;

#pragma omp target map(tofrom: x)
  x++;
  if (x != 1 || kill (sibling (), SIGKILL) != 0)
    return 0;
  alarm (5);
  for (;;)
    {
#pragma omp target map(tofrom: x)
      x++;
    }
  return 0;
}

/* Open MPI 4's mpirun and Open MPI 5's prterun word it alike, the latter
   over two lines.  */
/* { dg-final { gomptarget-output-includes {process rank 1 .* exited on\s+signal 9} } } */
/* { dg-final { gomptarget-output-includes {libgomptarget: mpi: device 0 \(MPI rank 1\) died} } } */
