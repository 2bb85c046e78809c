/* { dg-do run } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   omp_target_memcpy_rect and the asynchronous forms of both copies
   (OpenMP 5.1) on memory of omp_target_alloc: a sub-volume reaching past
   the end of the device's allocation (by a row, or by the dimensions the
   call claims for it), on either side, is refused at once with an error
   and copies nothing; one that ends on its last element works.  */

#include <stdlib.h>
#include <string.h>
#include "omp51-decls.h"

#define ROWS 4
#define COLS 8

int
main (void)
{
  int dev = omp_get_default_device (), host = omp_get_initial_device ();
  double a[ROWS + 2][COLS], b[ROWS + 2][COLS];
  double *d = omp_target_alloc (sizeof (double) * ROWS * COLS, dev);
  size_t vol[2] = { 2, COLS }, zero[2] = { 0, 0 };
  size_t at3[2] = { 3, 0 }, at2[2] = { 2, 0 };
  size_t dims[2] = { ROWS, COLS }, big[2] = { ROWS + 2, COLS };
  int i, j;

  if (d == NULL)
    abort ();
  for (i = 0; i < ROWS + 2; i++)
    for (j = 0; j < COLS; j++)
      a[i][j] = i * COLS + j;
  if (omp_target_memcpy (d, a, sizeof (double) * ROWS * COLS, 0, 0, dev,
			 host) != 0)
    abort ();

  /* Rows 3 and 4 of a 4-row array; rows 4 and 5 of what is claimed to
     have 6; the same read back; and asynchronously.  */
  memset (b, 0, sizeof b);
  if (omp_target_memcpy_rect (d, b, sizeof (double), 2, vol, at3, zero,
			      dims, big, dev, host) == 0
      || omp_target_memcpy_rect (d, b, sizeof (double), 2, vol, (size_t[2])
				 { 4, 0 }, zero, big, big, dev, host) == 0
      || omp_target_memcpy_rect (b, d, sizeof (double), 2, vol, zero, at3,
				 big, dims, host, dev) == 0
      || omp_target_memcpy_rect_async (d, b, sizeof (double), 2, vol, at3,
				       zero, dims, big, dev, host, 0,
				       NULL) == 0
      || omp_target_memcpy_async (d, b, sizeof (double) * (ROWS * COLS + 1),
				  0, 0, dev, host, 0, NULL) == 0)
    abort ();
#pragma omp taskwait

  /* Nothing was copied.  */
  if (omp_target_memcpy (b, d, sizeof (double) * ROWS * COLS, 0, 0, host,
			 dev) != 0)
    abort ();
  for (i = 0; i < ROWS; i++)
    for (j = 0; j < COLS; j++)
      if (b[i][j] != i * COLS + j)
	abort ();

  /* The last two rows fit.  */
  if (omp_target_memcpy_rect (b, d, sizeof (double), 2, vol, zero, at2,
			      big, dims, host, dev) != 0
      || b[0][0] != 2 * COLS || b[1][COLS - 1] != 4 * COLS - 1)
    abort ();
  omp_target_free (d, dev);
  return 0;
}
