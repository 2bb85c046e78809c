/* { dg-do run } */
/* { dg-set-target-env-var OMP_THREAD_LIMIT "2" } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   OMP_THREAD_LIMIT without a suffix is the host's thread-limit-var alone
   (GCC 13's rule): a region on the emulated device has no limit, so a
   parallel region there gets the 4 threads it asks for, while the host
   and a region run on the host keep the limit of 2.  */

#include <limits.h>
#include <omp.h>
#include <stdlib.h>

int
main (void)
{
  int limit = -1, threads = -1, initial = -1;

#pragma omp target map(from: limit, threads, initial)
  {
    initial = omp_is_initial_device ();
    limit = omp_get_thread_limit ();
#pragma omp parallel num_threads(4)
#pragma omp master
    threads = omp_get_num_threads ();
  }
  if (initial != 0 || limit != INT_MAX || threads != 4)
    abort ();

  if (omp_get_thread_limit () != 2)
    abort ();
#pragma omp target if(0) map(from: limit)
  limit = omp_get_thread_limit ();
  if (limit != 2)
    abort ();
  return 0;
}
