/* printf in a region on a device of the MPI plugin (mpirun: -n 3) prints
   on the serving rank's stdout, which mpirun forwards: each line is
   there, and comes out before the region returns (the rank flushes its
   stdout after each region), so rank 0's line after the regions follows
   both.  */
/* mpirun: -n 3 */
/* { dg-gomptarget-images "" } */

#include <omp.h>
#include <stdio.h>
#include <unistd.h>

int
main (void)
{
  int d;

  for (d = 0; d < omp_get_num_devices (); d++)
    {
#pragma omp target device(d)
      printf ("hello from device %d\n", omp_get_device_num ());
    }
  /* mpirun forwards each rank's output on its own: give it time.  */
  fflush (stdout);
  sleep (1);
  printf ("rank 0 done\n");
  return omp_get_num_devices () != 2;
}

/* { dg-final { gomptarget-output-includes {hello from device 0\n.*rank 0 done} } } */
/* { dg-final { gomptarget-output-includes {hello from device 1\n.*rank 0 done} } } */
