/* { dg-do run } */
/* { dg-gomptarget-gcc-min 13 } */
/* { dg-gomptarget-images "the requires mask travels in the images" } */
/* { dg-set-target-env-var GOMP_DEBUG "1" } */
/* { dg-final { gomptarget-output-includes {requires mask 0x230} } } */
/* { dg-final { gomptarget-output-includes {host devices run in shared-memory mode for 'omp requires unified_shared_memory'} } } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   '#pragma omp requires unified_shared_memory' (GCC 13 and later put it
   in the images' data): the emulated device runs in shared-memory mode,
   a region writes host memory through map(to:) and unmapped pointers,
   and is still device code.  */

#include <omp.h>
#include <stdlib.h>

#pragma omp requires unified_shared_memory, unified_address

int
main (void)
{
  int a[8] = { 0 }, initial = -1;
  int *heap = malloc (8 * sizeof *heap);

#pragma omp target map(to: a) map(from: initial)
  {
    for (int j = 0; j < 8; j++)
      {
	a[j] = j + 1;
	heap[j] = 2 * j;
      }
    initial = omp_is_initial_device ();
  }
  for (int j = 0; j < 8; j++)
    if (a[j] != j + 1 || heap[j] != 2 * j)
      abort ();
  if (initial != 0 || !omp_target_is_accessible (heap, 8, 0))
    abort ();
  free (heap);
  return 0;
}
