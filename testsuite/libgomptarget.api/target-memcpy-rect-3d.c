/* { dg-do run } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   omp_target_memcpy_rect copies a 3-D sub-volume into device memory
   and back.  */

#include <stdlib.h>
#include <string.h>
#include <omp.h>

#define X 5
#define Y 6
#define Z 7

int src[X][Y][Z], back[X][Y][Z];

int
main (void)
{
  int dev = omp_get_default_device (), host = omp_get_initial_device ();
  size_t volume[3] = { 2, 3, 4 };
  size_t src_off[3] = { 1, 2, 3 }, dev_off[3] = { 0, 1, 2 };
  size_t dims[3] = { X, Y, Z }, dev_dims[3] = { 3, 4, 6 };
  int *d = omp_target_alloc (3 * 4 * 6 * sizeof (int), dev);
  int i, j, k, ok = 0;

  if (d == NULL)
    abort ();
  for (i = 0; i < X; i++)
    for (j = 0; j < Y; j++)
      for (k = 0; k < Z; k++)
	src[i][j][k] = i * 10000 + j * 100 + k;

  if (omp_target_memcpy_rect (d, src, sizeof (int), 3, volume, dev_off,
			      src_off, dev_dims, dims, dev, host))
    abort ();

  /* Check one element on the device: dev[0][1][2] == src[1][2][3].  */
#pragma omp target is_device_ptr(d) map(from: ok)
  ok = d[(0 * 4 + 1) * 6 + 2] == 10000 + 200 + 3
       && d[(1 * 4 + 3) * 6 + 5] == 2 * 10000 + 4 * 100 + 6;
  if (!ok)
    abort ();

  memset (back, 0, sizeof back);
  if (omp_target_memcpy_rect (back, d, sizeof (int), 3, volume, src_off,
			      dev_off, dims, dev_dims, host, dev))
    abort ();
  for (i = 0; i < X; i++)
    for (j = 0; j < Y; j++)
      for (k = 0; k < Z; k++)
	{
	  int in = i >= 1 && i < 3 && j >= 2 && j < 5 && k >= 3 && k < 7;
	  if (back[i][j][k] != (in ? src[i][j][k] : 0))
	    abort ();
	}
  omp_target_free (d, dev);
  return 0;
}
