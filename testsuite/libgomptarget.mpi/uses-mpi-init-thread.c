/* A program that starts MPI itself with MPI_Init_thread (mpi.exp builds
   a test named uses-mpi*.c with mpicc's flags; mpirun: -n 2): the call
   succeeds although the plugin started MPI before main, and gives at
   least the level asked for; MPI_Initialized says so; rank 1 is device
   0; MPI_Finalize succeeds.  */
/* mpirun: -n 2 */
/* { dg-gomptarget-images "" } */

#include "mpi-test.h"

#include <mpi.h>
#include <omp.h>

int
main (int argc, char **argv)
{
  int provided = -1, flag = 0, x = 1;

  CHECK (MPI_Init_thread (&argc, &argv, MPI_THREAD_SERIALIZED, &provided)
	 == MPI_SUCCESS);
  CHECK (provided >= MPI_THREAD_SERIALIZED);
  CHECK (MPI_Initialized (&flag) == MPI_SUCCESS && flag);
  CHECK (omp_get_num_devices () == 1);
#pragma omp target map(tofrom: x)
  x += omp_is_initial_device () ? 100 : 10;
  CHECK (x == 11);
  CHECK (MPI_Finalize () == MPI_SUCCESS);
  if (errors == 0)
    printf ("ok\n");
  return errors != 0;
}

/* { dg-final { gomptarget-output-includes {(^|\n)ok\n} } } */
