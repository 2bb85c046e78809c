/* { dg-do run } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   omp_target_memcpy copies host to device and device to host, honouring
   the destination and source offsets.  */

#include <stdlib.h>
#include <string.h>
#include <omp.h>

int
main (void)
{
  int dev = omp_get_default_device (), host = omp_get_initial_device ();
  char src[64], dst[64], *d = omp_target_alloc (64, dev);
  int i, ok = 0;

  if (d == NULL)
    abort ();
  for (i = 0; i < 64; i++)
    src[i] = (char) (i + 1);

  if (omp_target_memcpy (d, src, 64, 0, 0, dev, host))
    abort ();
#pragma omp target is_device_ptr(d) map(from: ok)
  {
    ok = 1;
    for (int j = 0; j < 64; j++)
      if (d[j] != (char) (j + 1))
	ok = 0;
  }
  if (!ok)
    abort ();

  /* 8 bytes from src+16 to device offset 40, then device 40.. back to dst+4.  */
  if (omp_target_memcpy (d, src, 8, 40, 16, dev, host))
    abort ();
  memset (dst, 0, sizeof dst);
  if (omp_target_memcpy (dst, d, 8, 4, 40, host, dev))
    abort ();
  for (i = 0; i < 64; i++)
    if (dst[i] != ((i >= 4 && i < 12) ? (char) (i - 4 + 16 + 1) : 0))
      abort ();
  omp_target_free (d, dev);
  return 0;
}
