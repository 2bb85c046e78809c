/* { dg-do run } */
/* { dg-gomptarget-gcc-min 13 } */
/* { dg-set-target-env-var GOMP_DEBUG "1" } */
/* { dg-final { rev-served 1 } } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   map(present, ...) and map(always, present, ...) on an ancestor region
   whose data is mapped: the host function gets the host's objects;
   'always, present, tofrom' copies the device's value to the host before
   the call and the host's back after it.  */

#include <stdio.h>
#include <stdlib.h>

#pragma omp requires reverse_offload

static int x = 1, y = 2;
static int *seen_x, *seen_y, x_seen = -1, y_seen = -1;

__attribute__ ((noinline)) static void
on_host (int *px, int *py)
{
  seen_x = px;
  seen_y = py;
  x_seen = *px;
  y_seen = *py;
  *px += 100;
  *py += 100;
}

int
main (void)
{
  int dev_x = -1, dev_y = -1;

#pragma omp target data map(to: x, y)
  {
#pragma omp target map(from: dev_x, dev_y) map(to: x, y)
    {
      x = 10;
      y = 20;
#pragma omp target device(ancestor: 1) map(present, to: x) \
	map(always, present, tofrom: y)
      on_host (&x, &y);
      dev_x = x;
      dev_y = y;
    }
  }
  printf ("host saw x %d y %d; device x %d y %d; host x %d y %d\n", x_seen,
	  y_seen, dev_x, dev_y, x, y);
  if (seen_x != &x || seen_y != &y || x_seen != 1 || y_seen != 20
      || dev_x != 10 || dev_y != 120 || x != 101 || y != 120)
    abort ();
  return 0;
}
