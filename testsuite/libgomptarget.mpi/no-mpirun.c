/* A program not started by mpirun (mpirun: none) has no device of the
   MPI plugin, runs its regions on the host, and the plugin prints
   nothing.  */
/* mpirun: none */
/* { dg-gomptarget-images "" } */

#include <omp.h>
#include <stdio.h>

int
main (void)
{
  int x = 1, initial = 0;

  if (omp_get_num_devices () != 0)
    return 1;
#pragma omp target map(tofrom: x, initial)
  {
    x++;
    initial = omp_is_initial_device ();
  }
  return !(x == 2 && initial);
}

/* { dg-final { gomptarget-output-excludes "." } } */
