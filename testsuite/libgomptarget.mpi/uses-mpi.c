/* A program that uses MPI itself, linked with libmpi (mpi.exp builds a
   test named uses-mpi*.c with mpicc's flags; mpirun: -n 3): the plugin,
   which opens libmpi itself, finds the program's copies of MPI's
   predefined handles, MPI is initialised already when main starts
   (MPI_Initialized; uses-mpi-init.c calls MPI_Init), main runs on rank 0 of
   MPI_COMM_WORLD, and the other two ranks are its devices.  */
/* mpirun: -n 3 */
/* { dg-gomptarget-images "" } */

#include "mpi-test.h"

#include <mpi.h>
#include <omp.h>

int
main (void)
{
  int flag = 0, rank = -1, size = 0, d, x;

  CHECK (MPI_Initialized (&flag) == MPI_SUCCESS && flag);
  CHECK (MPI_Comm_rank (MPI_COMM_WORLD, &rank) == MPI_SUCCESS && rank == 0);
  CHECK (MPI_Comm_size (MPI_COMM_WORLD, &size) == MPI_SUCCESS && size == 3);
  CHECK (omp_get_num_devices () == 2);
  for (d = 0; d < omp_get_num_devices (); d++)
    {
      x = d;
#pragma omp target device(d) map(tofrom: x)
      x += 10 * omp_get_device_num ();
      CHECK (x == 11 * d);
    }
  if (errors == 0)
    printf ("ok\n");
  return errors != 0;
}

/* { dg-final { gomptarget-output-includes {(^|\n)ok\n} } } */
