/* { dg-do run } */
/* { dg-gomptarget-gcc-min 13 } */
/* { dg-set-target-env-var GOMP_DEBUG "1" } */
/* { dg-final { rev-served 8 } } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   Every team of a 'teams' region calls the host at once: each hands its
   team number to the host, which squares it, and stores the answer.  The
   host function runs once per team (the requests may overlap: it counts
   with atomics), and each team gets its own answer back.  */

#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

#pragma omp requires reverse_offload

#define NT 8

static int host_calls, host_seen[NT], host_bad, host_initial = 1;

__attribute__ ((noinline)) static void
square_on_host (const int *t, int *r)
{
  __atomic_add_fetch (&host_calls, 1, __ATOMIC_RELAXED);
  if (*t < 0 || *t >= NT)
    __atomic_add_fetch (&host_bad, 1, __ATOMIC_RELAXED);
  else
    __atomic_add_fetch (&host_seen[*t], 1, __ATOMIC_RELAXED);
  if (!omp_is_initial_device ())
    __atomic_store_n (&host_initial, 0, __ATOMIC_RELAXED);
  *r = *t * *t + 1;
}

/* A target construct may not be nested in a teams region directly.  */
#pragma omp declare target
static void
team_calls_host (int t, int *sq)
{
  int r = -1;
#pragma omp target device(ancestor: 1) map(to: t) map(from: r)
  square_on_host (&t, &r);
  sq[t] = r;
}
#pragma omp end declare target

int
main (void)
{
  int sq[NT], nteams = 0, i;

  for (i = 0; i < NT; i++)
    sq[i] = -1;
#pragma omp target teams num_teams(NT) map(from: sq[0:NT], nteams)
  {
    int t = omp_get_team_num ();
    if (t == 0)
      nteams = omp_get_num_teams ();
    if (t < NT)
      team_calls_host (t, sq);
  }
  printf ("teams %d, host calls %d\n", nteams, host_calls);
  if (nteams != NT || host_calls != NT || host_bad != 0 || !host_initial)
    abort ();
  for (i = 0; i < NT; i++)
    if (host_seen[i] != 1 || sq[i] != i * i + 1)
      {
	printf ("team %d: host saw it %d time(s), answer %d\n", i,
		host_seen[i], sq[i]);
	abort ();
      }
  return 0;
}
