/* { dg-do run } */
/* { dg-set-target-env-var GOMPTARGET_HOST_DEVICES "2" } */
/* { dg-set-target-env-var OMP_THREAD_LIMIT_ALL "3" } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   OMP_THREAD_LIMIT_ALL alone sets thread-limit-var of every device: a
   region on each sees it, and its parallel regions stay within it.  */

#include <omp.h>
#include <stdlib.h>

int
main (void)
{
  int d;

  for (d = 0; d < 2; d++)
    {
      int limit = -1, threads = -1;
#pragma omp target device(d) map(from: limit, threads)
      {
	limit = omp_get_thread_limit ();
#pragma omp parallel num_threads(5)
#pragma omp master
	threads = omp_get_num_threads ();
      }
      if (limit != 3 || threads < 1 || threads > 3)
	abort ();
    }
  return 0;
}
