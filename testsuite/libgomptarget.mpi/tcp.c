/* The MPI plugin over TCP, not shared memory (mpirun: -n 2 --mca btl
   tcp,self, on the loopback interface, which Open MPI leaves out unless
   told, and which a container without a network has too): 8 MiB mapped
   tofrom, changed by the region on the other rank and checked back; then
   regions with small maps.  */
/* mpirun: -n 2 --mca btl tcp,self --mca btl_tcp_if_include lo */
/* { dg-gomptarget-images "" } */

#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

#define N (2 << 20)

int
main (void)
{
  int *a = malloc (N * sizeof *a), i, k, bad = 0;

  if (omp_get_num_devices () != 1)
    {
      printf ("%d devices\n", omp_get_num_devices ());
      return 1;
    }
  for (i = 0; i < N; i++)
    a[i] = i;
#pragma omp target map(tofrom: a[0:N])
  for (i = 0; i < N; i++)
    a[i] = a[i] * 2 + 1;
  for (i = 0; i < N; i++)
    bad += a[i] != i * 2 + 1;
  for (k = 0; k < 20; k++)
    {
      int x = k;
#pragma omp target map(tofrom: x)
      x *= 2;
      bad += x != 2 * k;
    }
  free (a);
  if (bad == 0)
    printf ("ok\n");
  return bad != 0;
}

/* { dg-final { gomptarget-output-includes {(^|\n)ok\n} } } */
