/* { dg-do run } */
/* { dg-gomptarget-gcc-min 13 } */
/* { dg-set-target-env-var GOMP_DEBUG "1" } */
/* { dg-final { rev-served 2 } } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   Pointers in the map clauses of ancestor regions (a structure member's
   pointee, which GCC attaches to the member):
   - a structure of the target region and the array it points to, neither
     mapped: the host function gets temporary copies of both, the copy of
     the structure pointing to the copy of the array, and the array comes
     back to the device;
   - a structure mapped with its pointee by a data region: the host
     function gets the host's structure, whose pointer is the host's, and
     map(always, tofrom:) moves the pointee's values both ways.  */

#include <stdio.h>
#include <stdlib.h>

#pragma omp requires reverse_offload

struct S
{
  int n;
  int *p;
};

static int host_arr[4] = { 10, 20, 30, 40 };
static struct S gs = { 4, host_arr };
static struct S *seen_s[2];
static int *seen_p[2], seen_vals[2][4], seen_n[2];

__attribute__ ((noinline)) static void
on_host (struct S *s, int which)
{
  int i;

  seen_s[which] = s;
  seen_p[which] = s->p;
  seen_n[which] = s->n;
  for (i = 0; i < 4; i++)
    {
      seen_vals[which][i] = s->p[i];
      s->p[i] *= 2;
    }
}

int
main (void)
{
  int out[4], i;
  const void *dev_buf = NULL;

#pragma omp target map(from: out, dev_buf)
  {
    int buf[4] = { 1, 2, 3, 4 };
    struct S s = { 4, buf };
    dev_buf = buf;
#pragma omp target device(ancestor: 1) map(to: s) map(tofrom: s.p[0:4])
    on_host (&s, 0);
    for (i = 0; i < 4; i++)
      out[i] = buf[i];
  }
  printf ("unmapped: n %d, values %d %d %d %d, back %d %d %d %d\n",
	  seen_n[0], seen_vals[0][0], seen_vals[0][1], seen_vals[0][2],
	  seen_vals[0][3], out[0], out[1], out[2], out[3]);
  if (seen_n[0] != 4 || seen_p[0] == dev_buf || seen_p[0] == NULL)
    abort ();
  for (i = 0; i < 4; i++)
    if (seen_vals[0][i] != i + 1 || out[i] != 2 * (i + 1))
      abort ();

#pragma omp target data map(to: gs) map(tofrom: gs.p[0:4])
  {
#pragma omp target map(to: gs) map(tofrom: gs.p[0:4])
    {
      for (i = 0; i < 4; i++)
	gs.p[i] += 1;
#pragma omp target device(ancestor: 1) map(to: gs) \
	map(always, tofrom: gs.p[0:4])
      on_host (&gs, 1);
      for (i = 0; i < 4; i++)
	gs.p[i] += 1000;
    }
  }
  printf ("mapped: n %d, values %d %d %d %d, host %d %d %d %d\n", seen_n[1],
	  seen_vals[1][0], seen_vals[1][1], seen_vals[1][2], seen_vals[1][3],
	  host_arr[0], host_arr[1], host_arr[2], host_arr[3]);
  if (seen_s[1] != &gs || seen_p[1] != host_arr || seen_n[1] != 4)
    abort ();
  for (i = 0; i < 4; i++)
    if (seen_vals[1][i] != 10 * (i + 1) + 1
	|| host_arr[i] != 2 * (10 * (i + 1) + 1) + 1000)
      abort ();
  return 0;
}
