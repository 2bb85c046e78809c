/* { dg-do run } */
/* { dg-gomptarget-gcc-min 13 } */
/* { dg-gomptarget-images "the requires mask travels in the images" } */
/* { dg-additional-options "-foffload-options=nvptx-none=-march=sm_70" } */
/* { dg-set-target-env-var GOMP_DEBUG "1" } */
/* { dg-final { gomptarget-output-includes {host devices run in shared-memory mode for 'omp requires reverse_offload'} } } */
/* { dg-final { gomptarget-output-includes {ancestor region 0x[0-9a-f]+ of device 0 runs on the host} } } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   '#pragma omp requires reverse_offload': the emulated device runs in
   shared-memory mode, and a 'target device(ancestor: 1)' region inside a
   region on it runs on the host -- omp_get_device_num () is the initial
   device's there -- with the variables of the enclosing region.  */

#include <omp.h>
#include <stdlib.h>

#pragma omp requires reverse_offload

static int where_host = -1, host_calls;

__attribute__ ((noinline)) static void
on_host (int *x)
{
  where_host = omp_get_device_num ();
  host_calls++;
  *x += 10;
}

int
main (void)
{
  int x = 1, where_device = -1;

#pragma omp target map(tofrom: x, where_device)
  {
    where_device = omp_get_device_num ();
    x++;
#pragma omp target device(ancestor: 1) map(tofrom: x)
    on_host (&x);
    x++;
  }
  if (x != 13 || host_calls != 1 || where_device != 0
      || where_host != omp_get_initial_device ())
    abort ();
  return 0;
}
