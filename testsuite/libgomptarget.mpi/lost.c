/* A serving rank that stops answering (SIGSTOP: a hung node or a lost
   connection, which mpirun does not see; mpirun: -n 2): the plugin's
   heartbeat finds it, the program ends with an error naming the device
   and its rank, within 5 seconds (an alarm kills the program silently
   otherwise), and no rank is left behind.  */
/* mpirun: -n 2 */
/* { dg-gomptarget-images "" } */
/* { dg-shouldfail "device lost" } */

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
  if (x != 1 || kill (sibling (), SIGSTOP) != 0)
    return 0;
  alarm (5);
#pragma omp target map(tofrom: x)
  x++;
  printf ("not reached\n");
  return 0;
}

/* { dg-final { gomptarget-output-includes "libgomptarget: mpi: device 0 \\(MPI rank 1\\) is lost while \[a-z \]*: it does not answer" } } */
/* { dg-final { gomptarget-output-excludes "not reached" } } */
