/* { dg-do run } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   omp_target_memcpy_rect_async: the query form gives the dimensions
   supported; bad arguments are reported at once; a 2-D block goes to the
   device and back, the copy back ordered after the copy there by a depend
   object, with the caller's arrays of sizes gone (reused) before the copies
   run.  */

#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include "omp51-decls.h"

int
main (void)
{
  int dev = omp_get_default_device (), host = omp_get_initial_device ();
  int a[6][8], b[6][8], i, j;
  int *d = omp_target_alloc (sizeof a, dev);
  size_t vol[2] = { 3, 4 }, off_a[2] = { 1, 2 }, off_d[2] = { 0, 0 };
  size_t dims[2] = { 6, 8 };
  omp_depend_t dep;

  if (d == NULL)
    abort ();
  if (omp_target_memcpy_rect_async (NULL, NULL, 0, 0, NULL, NULL, NULL,
				    NULL, NULL, dev, host, 0, NULL)
      != INT_MAX)
    abort ();
  if (omp_target_memcpy_rect_async (d, a, sizeof (int), 0, vol, off_d,
				    off_a, dims, dims, dev, host, 0, NULL)
      == 0)
    abort ();

  for (i = 0; i < 6; i++)
    for (j = 0; j < 8; j++)
      a[i][j] = 10 * i + j;
  memset (b, 0, sizeof b);
#pragma omp parallel num_threads(2)
#pragma omp single
  {
#pragma omp depobj(dep) depend(inout: d)
    if (omp_target_memcpy_rect_async (d, a, sizeof (int), 2, vol, off_d,
				      off_a, dims, dims, dev, host, 1, &dep))
      abort ();
    /* The caller's arrays change before the copies run, maybe.  */
    off_a[0] = 5;
    vol[0] = 1;
    size_t vol2[2] = { 3, 4 }, off0[2] = { 0, 0 };
    if (omp_target_memcpy_rect_async (b, d, sizeof (int), 2, vol2, off0,
				      off0, dims, dims, host, dev, 1, &dep))
      abort ();
#pragma omp taskwait
#pragma omp depobj(dep) destroy
  }
  for (i = 0; i < 6; i++)
    for (j = 0; j < 8; j++)
      if (b[i][j] != (i < 3 && j < 4 ? 10 * (i + 1) + j + 2 : 0))
	abort ();
  omp_target_free (d, dev);
  return 0;
}
