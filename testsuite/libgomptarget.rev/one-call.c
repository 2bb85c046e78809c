/* { dg-do run } */
/* { dg-gomptarget-gcc-min 13 } */
/* { dg-set-target-env-var GOMP_DEBUG "1" } */
/* { dg-final { rev-served 1 } } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   One reverse-offload call: a region on the device hands two of its own
   variables, which no data construct mapped, to a function on the host
   ('map(to:)' and 'map(from:)' of a 'target device(ancestor: 1)'
   region), and goes on with what the host computed.  The host function
   runs on the host, once, and sees the device's value.  */

#include <omp.h>
#include <stdlib.h>
#include <stdio.h>

#pragma omp requires reverse_offload

static int host_calls, host_saw = -1, host_initial = -1;

__attribute__ ((noinline)) static void
on_host (int *v, int *r)
{
  host_calls++;
  host_saw = *v;
  host_initial = omp_is_initial_device ();
  *r = *v * 3;
}

int
main (void)
{
  int result = 0, on_device = 0;

#pragma omp target map(from: result, on_device)
  {
    int v = 14, r = 0;
    on_device = !omp_is_initial_device ();
#pragma omp target device(ancestor: 1) map(to: v) map(from: r)
    on_host (&v, &r);
    result = r + 1;
  }
  printf ("result %d, host calls %d, host saw %d, host initial %d, "
	  "region on a device %d\n", result, host_calls, host_saw,
	  host_initial, on_device);
  if (result != 43 || host_calls != 1 || host_saw != 14 || host_initial != 1
      || on_device != 1)
    abort ();
  return 0;
}
