/* { dg-do run } */
/* { dg-gomptarget-gcc-min 13 } */
/* { dg-gomptarget-images "the requires mask travels in the images" } */
/* { dg-additional-options "-foffload-options=nvptx-none=-march=sm_70" } */
/* { dg-set-target-env-var GOMPTARGET_PLUGINS "host" } */
/* { dg-set-target-env-var GOMP_DEBUG "1" } */
/* { dg-final { gomptarget-output-includes {the program requires reverse_offload} } } */
/* { dg-final { gomptarget-output-excludes {shared-memory mode} } } */
/* { dg-final { gomptarget-output-includes {device 0: ancestor region [A-Za-z_][^ ]*\._omp_fn\.[0-9]+ \(0x[0-9a-f]+, 1 map\(s\)\) sent to the host} } } */
/* { dg-final { gomptarget-output-includes {host: device 0: served a reverse-offload request of device 0} } } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   '#pragma omp requires reverse_offload', the mask known from the
   program's images: the emulated device takes the program (it does
   reverse offload) and keeps its own memory, and a 'target device(ancestor:
   1)' region inside a region on it runs on the host -- omp_get_device_num
   () is the initial device's there -- with its data translated back to
   the host's: x, mapped by the enclosing region, is the host's own x,
   which the device's copy does not change and which the end of the
   region overwrites with the device's.  */

#include <omp.h>
#include <stdlib.h>

#pragma omp requires reverse_offload

static int where_host = -1, host_calls, host_saw = -1;
static int *host_x;

__attribute__ ((noinline)) static void
on_host (int *x)
{
  where_host = omp_get_device_num ();
  host_calls++;
  host_x = x;
  host_saw = *x;
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
  if (x != 3 || host_calls != 1 || host_x != &x || host_saw != 1
      || where_device != 0 || where_host != omp_get_initial_device ())
    abort ();
  return 0;
}
