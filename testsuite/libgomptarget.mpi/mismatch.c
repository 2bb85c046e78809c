/* Two different programs in one job (mpirun: -n 2; rank 1 runs this
   test built with -DOTHER, one target region more, see mpi.exp): the
   ranks' offload tables differ, so rank 0 refuses the job before main
   with an error that names the rank, and every rank ends with a non-zero
   status; main runs nowhere and nothing hangs.  */
/* mpirun: -n 2 */
/* mpirun-other: -DOTHER */
/* { dg-gomptarget-images "" } */
/* { dg-shouldfail "different programs" } */

#include <stdio.h>

int
main (void)
{
  int x = 0;

#pragma omp target map(tofrom: x)
  x++;
#ifdef OTHER
#pragma omp target map(tofrom: x)
  x += 2;
#endif
  printf ("main ran: x = %d\n", x);
  return 0;
}

/* { dg-final { gomptarget-output-includes {libgomptarget: mpi: MPI rank 1 does not run the same program as rank 0 \(its offload tables differ\): the job stops} } } */
/* { dg-final { gomptarget-output-excludes {main ran} } } */
