/* The device memory routines on the devices of the MPI plugin (mpirun:
   -n 3): omp_target_alloc, omp_target_memcpy between the host and a rank,
   within a rank and between two ranks, omp_target_memcpy_rect, and a
   region reading memory from omp_target_alloc (is_device_ptr).  */
/* mpirun: -n 3 */
/* { dg-gomptarget-images "" } */

#include "mpi-test.h"

#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

#define N 4096

int
main (void)
{
  int host = omp_get_initial_device (), i, sum = 0;
  int *a = malloc (N * sizeof *a), *b = malloc (N * sizeof *b);
  int *d0, *d1;
  int m[4][6], r[4][6];

  CHECK (omp_get_num_devices () == 2);
  for (i = 0; i < N; i++)
    a[i] = 3 * i;
  d0 = omp_target_alloc (N * sizeof *d0, 0);
  d1 = omp_target_alloc (N * sizeof *d1, 1);
  CHECK (d0 != NULL && d1 != NULL);
  CHECK (omp_target_memcpy (d0, a, N * sizeof *a, 0, 0, 0, host) == 0);
  /* Rank 1 to rank 2, then within rank 2 (shifted by one).  */
  CHECK (omp_target_memcpy (d1, d0, N * sizeof *a, 0, 0, 1, 0) == 0);
  CHECK (omp_target_memcpy (d1, d1, (N - 1) * sizeof *a, sizeof *a, 0, 1, 1)
	 == 0);
#pragma omp target device(1) is_device_ptr(d1) map(tofrom: sum)
  for (i = 1; i < N; i++)
    sum += d1[i] - d1[i - 1] == 3 || i == 1;
  CHECK (sum == N - 1);
  CHECK (omp_target_memcpy (b, d1, N * sizeof *b, 0, 0, host, 1) == 0);
  CHECK (b[0] == 0 && b[1] == 0 && b[2] == 3 && b[N - 1] == 3 * (N - 2));

  /* A 2x3 block of a 4x6 array, to rank 1 and back into a fresh one.  */
  {
    size_t vol[2] = { 2, 3 }, off[2] = { 1, 2 }, zero[2] = { 0, 0 };
    size_t dims[2] = { 4, 6 };
    int *dm = omp_target_alloc (sizeof m, 0);
    int j;
    for (i = 0; i < 4; i++)
      for (j = 0; j < 6; j++)
	{
	  m[i][j] = 10 * i + j;
	  r[i][j] = -1;
	}
    CHECK (omp_target_memcpy (dm, m, sizeof m, 0, 0, 0, host) == 0);
    CHECK (omp_target_memcpy_rect (r, dm, sizeof (int), 2, vol, zero, off,
				   dims, dims, host, 0) == 0);
    CHECK (r[0][0] == 12 && r[1][2] == 24 && r[2][0] == -1);
    omp_target_free (dm, 0);
  }
  omp_target_free (d0, 0);
  omp_target_free (d1, 1);
  free (a);
  free (b);
  if (errors == 0)
    printf ("ok\n");
  return errors != 0;
}

/* { dg-final { gomptarget-output-includes {(^|\n)ok\n} } } */
