/* { dg-do run } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   omp_target_memcpy_async: bad arguments are reported at once, as by
   omp_target_memcpy; the copy is a task, awaited by taskwait, and ordered
   by depend objects with the tasks around it: a host task writing the
   source before it, one reading the destination after it.  */

#include <stdlib.h>
#include <string.h>
#include "omp51-decls.h"

int
main (void)
{
  int dev = omp_get_default_device (), host = omp_get_initial_device ();
  int src[64], dst[64], i;
  int *d = omp_target_alloc (sizeof src, dev);
  omp_depend_t dep_src, dep_dst;
  int sum = 0;

  if (d == NULL)
    abort ();
  if (omp_target_memcpy_async (d, src, sizeof src, 0, 0, dev, -5, 0, NULL)
      == 0
      || omp_target_memcpy_async (d, NULL, 4, 0, 0, dev, host, 0, NULL) == 0)
    abort ();

  /* Host to device and back, with no dependences: taskwait.  */
  for (i = 0; i < 64; i++)
    src[i] = i;
  if (omp_target_memcpy_async (d, src, sizeof src, 0, 0, dev, host, 0, NULL))
    abort ();
#pragma omp taskwait
  memset (dst, 0, sizeof dst);
  if (omp_target_memcpy_async (dst, d, 16 * sizeof (int), 8 * sizeof (int),
			       4 * sizeof (int), host, dev, 0, NULL))
    abort ();
#pragma omp taskwait
  for (i = 0; i < 16; i++)
    if (dst[8 + i] != 4 + i)
      abort ();

#pragma omp parallel num_threads(4)
#pragma omp single
  {
#pragma omp depobj(dep_src) depend(inout: src)
#pragma omp depobj(dep_dst) depend(out: dst)
    /* Writes the source slowly: the copy must wait for it.  */
#pragma omp task depend(out: src)
    {
      volatile int spin;
      for (spin = 0; spin < 1000000; spin++)
	;
      for (int j = 0; j < 64; j++)
	src[j] = 100 + j;
    }
    if (omp_target_memcpy_async (d, src, sizeof src, 0, 0, dev, host, 1,
				 &dep_src))
      abort ();
    omp_depend_t deps[2] = { dep_src, dep_dst };
    if (omp_target_memcpy_async (dst, d, sizeof dst, 0, 0, host, dev, 2,
				 deps))
      abort ();
#pragma omp task depend(in: dst) shared(sum)
    for (int j = 0; j < 64; j++)
      sum += dst[j];
#pragma omp taskwait
#pragma omp depobj(dep_src) destroy
#pragma omp depobj(dep_dst) destroy
  }
  if (sum != 64 * 100 + 63 * 64 / 2)
    abort ();
  omp_target_free (d, dev);
  return 0;
}
