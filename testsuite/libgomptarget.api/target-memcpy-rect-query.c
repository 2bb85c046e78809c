/* { dg-do run } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   omp_target_memcpy_rect with NULL dst and src (and num_dims 0)
   returns the maximum number of dimensions supported, at least 3.  */

#include <stdlib.h>
#include <omp.h>

int
main (void)
{
  int dev = omp_get_default_device (), host = omp_get_initial_device ();
  int r1, r2;

  r1 = omp_target_memcpy_rect (NULL, NULL, 0, 0, NULL, NULL, NULL, NULL,
			       NULL, dev, host);
  r2 = omp_target_memcpy_rect (NULL, NULL, 0, 0, NULL, NULL, NULL, NULL,
			       NULL, host, dev);
  if (r1 < 3 || r2 < 3)
    abort ();
  return 0;
}
