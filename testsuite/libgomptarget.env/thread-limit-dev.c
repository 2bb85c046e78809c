/* { dg-do run } */
/* { dg-set-target-env-var GOMPTARGET_HOST_DEVICES "3" } */
/* { dg-set-target-env-var OMP_THREAD_LIMIT "7" } */
/* { dg-set-target-env-var OMP_THREAD_LIMIT_ALL "5" } */
/* { dg-set-target-env-var OMP_THREAD_LIMIT_DEV "4" } */
/* { dg-set-target-env-var OMP_THREAD_LIMIT_DEV_0 "2" } */
/* { dg-set-target-env-var OMP_TEAMS_THREAD_LIMIT_DEV_2 "3" } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   thread-limit-var of device scope (OpenMP 5.1, GCC 13): a region on
   device n sees the first of OMP_THREAD_LIMIT_DEV_<n>, OMP_THREAD_LIMIT_DEV
   and OMP_THREAD_LIMIT_ALL, never the host's OMP_THREAD_LIMIT, and its
   parallel regions get no more threads; a teams construct gets
   teams-thread-limit-var instead, and a region without one keeps the
   device's thread-limit-var even where teams-thread-limit-var is set.  */

#include <omp.h>
#include <stdlib.h>

int
main (void)
{
  int want[3] = { 2, 4, 4 }, d;

  for (d = 0; d < 3; d++)
    {
      int limit = -1, threads = -1;
#pragma omp target device(d) map(from: limit, threads)
      {
	limit = omp_get_thread_limit ();
#pragma omp parallel num_threads(6)
#pragma omp master
	threads = omp_get_num_threads ();
      }
      if (limit != want[d] || threads < 1 || threads > want[d])
	abort ();
    }

  /* Each team of a teams construct is a contention group of its own,
     limited by teams-thread-limit-var where it is set, else by the
     device's thread-limit-var.  */
  for (d = 1; d < 3; d++)
    {
      int limit = -1;
#pragma omp target teams device(d) map(from: limit)
#pragma omp parallel
      if (omp_get_team_num () == 0 && omp_get_thread_num () == 0)
	limit = omp_get_thread_limit ();
      if (limit != (d == 2 ? 3 : 4))
	abort ();
    }
  return 0;
}
