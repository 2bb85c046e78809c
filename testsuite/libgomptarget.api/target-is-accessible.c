/* { dg-do run } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   omp_target_is_accessible: host memory is accessible from the host
   (named either way), not from the emulated device, whose memory is its
   own, and not from a device number that names no device.  */

#include <stdlib.h>
#include "omp51-decls.h"

int
main (void)
{
  int n = omp_get_num_devices (), a[16];

  if (n < 1)
    abort ();
  if (!omp_target_is_accessible (a, sizeof a, omp_get_initial_device ())
      || !omp_target_is_accessible (a, sizeof a, INITIAL_DEVICE))
    abort ();
  if (omp_target_is_accessible (a, sizeof a, 0)
      || omp_target_is_accessible (&a[3], sizeof (int), 0))
    abort ();
  if (omp_target_is_accessible (a, sizeof a, n + 1)
      || omp_target_is_accessible (a, sizeof a, -5))
    abort ();
  return 0;
}
