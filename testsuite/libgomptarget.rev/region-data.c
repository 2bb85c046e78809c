/* { dg-do run } */
/* { dg-gomptarget-gcc-min 13 } */
/* { dg-set-target-env-var GOMP_DEBUG "1" } */
/* { dg-final { rev-served 2 } } */
/* { dg-final { gomptarget-output-count {reverse offload: item [0-9]+: .*\(temporary\)} 0 } } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   Data mapped by the target construct itself (no enclosing data region)
   is device data for its ancestor regions: the host function gets the
   host's own object, even though the construct's end (its copy back and
   unmapping) may already be queued behind its launch -- for a construct
   that waits and for a 'nowait' one.  map(always, tofrom:) brings the
   device's value to the host and the host's back.  */

#include <stdio.h>
#include <stdlib.h>

#pragma omp requires reverse_offload

static int x = 1, y = 5;
static int *seen[2], seen_val[2] = { -1, -1 };

__attribute__ ((noinline)) static void
on_host (int *p, int which)
{
  seen[which] = p;
  seen_val[which] = *p;
  *p += 100;
}

int
main (void)
{
#pragma omp target map(tofrom: x)
  {
    x = 2;
#pragma omp target device(ancestor: 1) map(always, tofrom: x)
    on_host (&x, 0);
    x += 1000;
  }
#pragma omp target map(tofrom: y) nowait
  {
    y = 6;
#pragma omp target device(ancestor: 1) map(always, tofrom: y)
    on_host (&y, 1);
    y += 1000;
  }
#pragma omp taskwait
  printf ("host saw x %s (%d), y %s (%d); x %d, y %d\n",
	  seen[0] == &x ? "itself" : "a copy", seen_val[0],
	  seen[1] == &y ? "itself" : "a copy", seen_val[1], x, y);
  if (seen[0] != &x || seen[1] != &y || seen_val[0] != 2 || seen_val[1] != 6
      || x != 1102 || y != 1106)
    abort ();
  return 0;
}
