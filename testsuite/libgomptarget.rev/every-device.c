/* { dg-do run } */
/* { dg-gomptarget-gcc-min 13 } */
/* { dg-set-target-env-var GOMPTARGET_HOST_DEVICES "2" } */
/* { dg-set-target-env-var GOMP_DEBUG "1" } */
/* { dg-final { rev-served 1 } } */
/* { dg-final { gomptarget-output-count {^gomptarget: device 1: reverse offload of 0x[0-9a-f]+ served} 1 } } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   A region on each device (two emulated devices after the pass's own,
   when it has a GPU) calls the host with data that device mapped: each
   request is translated through the mapping table of the device that
   made it, so the host function gets the host's object each time, and
   always brings each device's value.  */

#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

#pragma omp requires reverse_offload

#define MAXDEV 8

static int x[MAXDEV];
static int *seen[MAXDEV], seen_val[MAXDEV];

__attribute__ ((noinline)) static void
on_host (int *p, int d)
{
  seen[d] = p;
  seen_val[d] = *p;
  *p += 100;
}

int
main (void)
{
  int ndev = omp_get_num_devices (), d;

  printf ("%d device(s)\n", ndev);
  if (ndev < 2 || ndev > MAXDEV)
    abort ();
  for (d = 0; d < ndev; d++)
    {
      x[d] = d;
#pragma omp target device(d) map(tofrom: x[d:1]) firstprivate(d)
      {
	x[d] += 10;
#pragma omp target device(ancestor: 1) map(always, tofrom: x[d:1]) \
	firstprivate(d)
	on_host (&x[d], d);
	x[d] += 1000;
      }
    }
  for (d = 0; d < ndev; d++)
    if (seen[d] != &x[d] || seen_val[d] != d + 10
	|| x[d] != d + 10 + 100 + 1000)
      {
	printf ("device %d: host saw %s, %d; x %d\n", d,
		seen[d] == &x[d] ? "x itself" : "a copy", seen_val[d], x[d]);
	abort ();
      }
  return 0;
}
