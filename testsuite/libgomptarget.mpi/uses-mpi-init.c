/* A program that starts and ends MPI itself, as MPI programs do (mpi.exp
   builds a test named uses-mpi*.c with mpicc's flags; mpirun: -n 3): its
   MPI_Init succeeds although the plugin started MPI before main,
   MPI_COMM_WORLD is the job's, the other two ranks are its devices, MPI
   works (a reduction on MPI_COMM_SELF), and after its MPI_Finalize the
   devices still work until the program ends.  */
/* mpirun: -n 3 */
/* { dg-gomptarget-images "" } */

#include "mpi-test.h"

#include <mpi.h>
#include <omp.h>

static int
use_devices (void)
{
  int d, x, ok = 1;

  for (d = 0; d < omp_get_num_devices (); d++)
    {
      x = d;
#pragma omp target device(d) map(tofrom: x)
      x += 10 * omp_get_device_num ();
      ok &= x == 11 * d;
    }
  return ok;
}

int
main (int argc, char **argv)
{
  int rank = -1, size = 0, one = 1, sum = 0;

  CHECK (MPI_Init (&argc, &argv) == MPI_SUCCESS);
  CHECK (MPI_Comm_rank (MPI_COMM_WORLD, &rank) == MPI_SUCCESS && rank == 0);
  CHECK (MPI_Comm_size (MPI_COMM_WORLD, &size) == MPI_SUCCESS && size == 3);
  CHECK (MPI_Allreduce (&one, &sum, 1, MPI_INT, MPI_SUM, MPI_COMM_SELF)
	 == MPI_SUCCESS && sum == 1);
  CHECK (omp_get_num_devices () == 2);
  CHECK (use_devices ());
  CHECK (MPI_Finalize () == MPI_SUCCESS);
  CHECK (use_devices ());
  if (errors == 0)
    printf ("ok\n");
  return errors != 0;
}

/* { dg-final { gomptarget-output-includes {(^|\n)ok\n} } } */
