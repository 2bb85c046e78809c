/* { dg-do run } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   Several omp_target_alloc blocks on the device do not overlap and
   keep their contents independently.  */

#include <stdlib.h>
#include <stdint.h>
#include <omp.h>

#define K 16
#define SZ 4096

int
main (void)
{
  int dev = omp_get_default_device (), host = omp_get_initial_device ();
  char *blk[K], buf[SZ];
  int i, j;

  for (i = 0; i < K; i++)
    {
      blk[i] = omp_target_alloc (SZ, dev);
      if (blk[i] == NULL)
	abort ();
      for (j = 0; j < i; j++)
	if ((uintptr_t) blk[i] < (uintptr_t) blk[j] + SZ
	    && (uintptr_t) blk[j] < (uintptr_t) blk[i] + SZ)
	  abort ();
    }
  for (i = 0; i < K; i++)
    {
      char *d = blk[i];
      char v = (char) i;
#pragma omp target is_device_ptr(d) firstprivate(v)
      for (int t = 0; t < SZ; t++)
	d[t] = v;
    }
  for (i = 0; i < K; i++)
    {
      if (omp_target_memcpy (buf, blk[i], SZ, 0, 0, host, dev))
	abort ();
      for (j = 0; j < SZ; j++)
	if (buf[j] != (char) i)
	  abort ();
      omp_target_free (blk[i], dev);
    }
  return 0;
}
