/* A rank that never starts the plugin -- another program, here
   /bin/sleep as rank 0 (mpirun: -n 1 /bin/sleep 30 : -n 1) -- leaves the
   others waiting in MPI_Init: the plugin's watch over the start ends this
   program after GOMPTARGET_MPI_START_S seconds with a message saying why,
   instead of a hang.  */
/* mpirun: -n 1 /bin/sleep 30 : -n 1 */
/* { dg-gomptarget-images "" } */
/* { dg-set-target-env-var GOMPTARGET_MPI_START_S "2" } */
/* { dg-shouldfail "the ranks do not all start" } */

#include <stdio.h>

int
main (void)
{
  int x = 0;

  /* This program is rank 1, which the plugin keeps as a serving rank: it
     never runs main.  (Its region gives it an offload table.)  */
  printf ("not reached\n");
#pragma omp target map(tofrom: x)
  x++;
  return x != 1;
}

/* { dg-final { gomptarget-output-includes {libgomptarget: mpi: MPI rank 1: the ranks have not all started in 2 s \(GOMPTARGET_MPI_START_S\)} } } */
/* { dg-final { gomptarget-output-excludes "not reached" } } */
