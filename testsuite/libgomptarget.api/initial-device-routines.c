/* { dg-do run } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   omp_initial_device (-1, OpenMP 5.1) names the host in every device
   routine, as omp_get_initial_device () does, and as the default device
   a target region without a device clause runs on the host.  */

#include <stdlib.h>
#include <string.h>
#include "omp51-decls.h"

int
main (void)
{
  int h = INITIAL_DEVICE, dev = 0, x = 5, y = 0, initial = 0;
  char src[8] = "1234567", dst[8];
  char *p = omp_target_alloc (8, h), *d;

  if (p == NULL)
    abort ();
  memcpy (p, "abcdefg", 8);		/* Host memory: usable as such.  */
  if (!omp_target_is_present (&x, h))
    abort ();
  if (omp_target_memcpy (dst, p, 8, 0, 0, h, h) || strcmp (dst, "abcdefg"))
    abort ();
  omp_target_free (p, h);

  d = omp_target_alloc (8, dev);
  if (d == NULL || omp_target_memcpy (d, src, 8, 0, 0, dev, h)
      || omp_target_memcpy (dst, d, 8, 0, 0, h, dev) || strcmp (dst, src))
    abort ();
  {
    size_t vol[1] = { 4 }, zero[1] = { 0 }, dims[1] = { 8 };
    memset (dst, 0, sizeof dst);
    if (omp_target_memcpy_rect (dst, d, 1, 1, vol, zero, zero, dims, dims,
				h, dev) || memcmp (dst, "1234", 5))
      abort ();
  }
  omp_target_free (d, dev);
  if (omp_pause_resource (omp_pause_soft, h) != 0)
    abort ();

  omp_set_default_device (h);
#pragma omp target map(from: initial) map(to: y)
  {
    initial = omp_is_initial_device ();
    y = 1;
  }
  if (!initial || y != 1)
    abort ();
  return 0;
}
