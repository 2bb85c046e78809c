/* { dg-do run } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   More threads than the device has queues (GOMPTARGET_QUEUES, 8 by
   default): sixteen threads run synchronous target regions at once, so
   threads share queues, and one thread queues its copies while another
   runs its region's launch or a large copy on the same queue.  Each
   region maps a small and a large (above 4 KiB) array to the device and
   one back; every value is checked.  queues-one.c runs it with a single
   queue, and the nvptx and gcn folders on the emulated GPUs.  */

#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

#ifndef STRESS_DIV
#define STRESS_DIV 1
#endif

#ifndef NT
#define NT 16
#endif
#define SMALL 64
#define LARGE 4096
#define ITERS (200 / STRESS_DIV)

int
main (void)
{
  int bad = 0;

#pragma omp parallel num_threads(NT) reduction(+: bad)
  {
    int t = omp_get_thread_num ();
    static int a[NT][LARGE], b[NT][LARGE];
    int k[SMALL];

    for (int it = 0; it < ITERS; it++)
      {
	int *at = a[t], *bt = b[t];

	for (int i = 0; i < SMALL; i++)
	  k[i] = t * it + i;
	for (int i = 0; i < LARGE; i++)
	  {
	    at[i] = i ^ (t << 12) ^ it;
	    bt[i] = -1;
	  }
#pragma omp target map(to: k, at[0:LARGE]) map(from: bt[0:LARGE])
	for (int i = 0; i < LARGE; i++)
	  bt[i] = 2 * at[i] + k[i % SMALL];
	for (int i = 0; i < LARGE; i++)
	  if (bt[i] != 2 * (i ^ (t << 12) ^ it) + t * it + i % SMALL)
	    bad++;
      }
  }
  if (bad != 0)
    {
      fprintf (stderr, "%d wrong values\n", bad);
      abort ();
    }
  return 0;
}
