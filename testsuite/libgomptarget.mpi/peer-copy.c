/* Copies between two remote devices (mpirun: -n 3; devices 0 and 1 are
   ranks 1 and 2): omp_target_memcpy and omp_target_memcpy_rect between
   them are right, and go straight from rank to rank: rank 0 carries only
   the data copied to and from the host, as it says at the end under
   GOMP_DEBUG.  256 KiB, more than Open MPI sends eagerly.  */
/* mpirun: -n 3 */
/* { dg-gomptarget-images "" } */
/* { dg-set-target-env-var GOMP_DEBUG "1" } */

#include "mpi-test.h"

#include <omp.h>

#define N 256		/* An N x N matrix of ints.  */
#define H 128		/* The sub-matrix copied by memcpy_rect.  */
#define W 64

static int h[N * N], sub[H * W];

int
main (void)
{
  const size_t bytes = sizeof h;
  size_t volume[2] = { H, W }, dst_off[2] = { 0, 0 }, src_off[2] = { 10, 20 };
  size_t dst_dims[2] = { H, W }, src_dims[2] = { N, N };
  int *a, *b, *c, i, j;

  CHECK (omp_get_num_devices () == 2);
  a = omp_target_alloc (bytes, 0);
  b = omp_target_alloc (bytes, 1);
  c = omp_target_alloc (sizeof sub, 0);
  CHECK (a != NULL && b != NULL && c != NULL);
  for (i = 0; i < N * N; i++)
    h[i] = i * 7 + 1;
  /* To device 0 through rank 0; device 0 to device 1 straight.  */
  CHECK (omp_target_memcpy (a, h, bytes, 0, 0, 0,
			    omp_get_initial_device ()) == 0);
  CHECK (omp_target_memcpy (b, a, bytes, 0, 0, 1, 0) == 0);
  /* A sub-matrix of device 1's to device 0 straight, then home.  */
  CHECK (omp_target_memcpy_rect (c, b, sizeof (int), 2, volume, dst_off,
				 src_off, dst_dims, src_dims, 0, 1) == 0);
  CHECK (omp_target_memcpy (sub, c, sizeof sub, 0, 0,
			    omp_get_initial_device (), 0) == 0);
  for (i = 0; i < H * W; i++)
    if (sub[i] != h[(i / W + 10) * N + i % W + 20])
      break;
  CHECK (i == H * W);
  /* Device 1's whole copy home.  */
  for (i = 0; i < N * N; i++)
    h[i] = 0;
  CHECK (omp_target_memcpy (h, b, bytes, 0, 0, omp_get_initial_device (),
			    1) == 0);
  for (i = 0; i < N * N; i++)
    if (h[i] != i * 7 + 1)
      break;
  CHECK (i == N * N);
  /* Device 1's copy, as a region there sees it.  */
  i = 0;
#pragma omp target device(1) is_device_ptr(b) map(tofrom: i)
  for (j = 0; j < N * N; j++)
    if (b[j] == j * 7 + 1)
      i++;
  CHECK (i == N * N);
  omp_target_free (a, 0);
  omp_target_free (b, 1);
  omp_target_free (c, 0);
  if (errors == 0)
    printf ("ok\n");
  return errors != 0;
}

/* { dg-final { gomptarget-output-includes {(^|\n)ok\n} } } */
/* 256 KiB to device 0, 4 bytes to device 1 (i); 32 KiB, 256 KiB and 4
   bytes back.  */
/* { dg-final { gomptarget-output-includes {MPI rank 0 carried 262148 bytes of data to its devices and 294916 bytes from them} } } */
