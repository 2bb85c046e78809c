/* { dg-do run } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   omp_target_memcpy_rect copies a 2-D sub-rectangle host to device
   and back, with different offsets and dimensions on each side.  */

#include <stdlib.h>
#include <string.h>
#include <omp.h>

int
main (void)
{
  int dev = omp_get_default_device (), host = omp_get_initial_device ();
  int src[6][8], dst[4][5], back[6][8], i, j;
  int *d = omp_target_alloc (sizeof dst, dev);
  size_t volume[2] = { 3, 4 };
  size_t src_off[2] = { 1, 2 }, dst_off[2] = { 1, 1 };
  size_t src_dims[2] = { 6, 8 }, dst_dims[2] = { 4, 5 };

  if (d == NULL)
    abort ();
  for (i = 0; i < 6; i++)
    for (j = 0; j < 8; j++)
      src[i][j] = 100 * i + j;
  memset (dst, 0, sizeof dst);
  if (omp_target_memcpy (d, dst, sizeof dst, 0, 0, dev, host))
    abort ();

  if (omp_target_memcpy_rect (d, src, sizeof (int), 2, volume, dst_off,
			      src_off, dst_dims, src_dims, dev, host))
    abort ();
  if (omp_target_memcpy (dst, d, sizeof dst, 0, 0, host, dev))
    abort ();
  for (i = 0; i < 4; i++)
    for (j = 0; j < 5; j++)
      {
	int in = i >= 1 && j >= 1 && j < 5;
	if (dst[i][j] != (in ? 100 * (i - 1 + 1) + (j - 1 + 2) : 0))
	  abort ();
      }

  /* And back into a zeroed host array at the source position.  */
  memset (back, 0, sizeof back);
  if (omp_target_memcpy_rect (back, d, sizeof (int), 2, volume, src_off,
			      dst_off, src_dims, dst_dims, host, dev))
    abort ();
  for (i = 0; i < 6; i++)
    for (j = 0; j < 8; j++)
      {
	int in = i >= 1 && i < 4 && j >= 2 && j < 6;
	if (back[i][j] != (in ? src[i][j] : 0))
	  abort ();
      }
  omp_target_free (d, dev);
  return 0;
}
