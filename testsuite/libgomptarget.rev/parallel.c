/* { dg-do run } */
/* { dg-gomptarget-gcc-min 13 } */
/* { dg-set-target-env-var GOMP_DEBUG "1" } */
/* { dg-final { rev-served 4 } } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   The threads of a parallel region inside a target region each call the
   host: each request carries the calling thread's number and comes back
   with the host's answer for it.  */

#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

#pragma omp requires reverse_offload

#define NTH 4

static int host_calls, host_seen[NTH];

__attribute__ ((noinline)) static void
on_host (const int *id, int *r)
{
  __atomic_add_fetch (&host_calls, 1, __ATOMIC_RELAXED);
  if (*id >= 0 && *id < NTH)
    __atomic_add_fetch (&host_seen[*id], 1, __ATOMIC_RELAXED);
  *r = 100 + *id;
}

int
main (void)
{
  int got[NTH], nthreads = 0, i;

  for (i = 0; i < NTH; i++)
    got[i] = -1;
#pragma omp target parallel num_threads(NTH) map(from: got[0:NTH], nthreads)
  {
    int id = omp_get_thread_num (), r = -1;
    if (id == 0)
      nthreads = omp_get_num_threads ();
#pragma omp target device(ancestor: 1) map(to: id) map(from: r)
    on_host (&id, &r);
    got[id] = r;
  }
  printf ("threads %d, host calls %d\n", nthreads, host_calls);
  if (nthreads != NTH || host_calls != NTH)
    abort ();
  for (i = 0; i < NTH; i++)
    if (host_seen[i] != 1 || got[i] != 100 + i)
      abort ();
  return 0;
}
