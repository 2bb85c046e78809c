/* { dg-do run } */
/* { dg-gomptarget-gcc-min 13 } */
/* { dg-set-target-env-var GOMP_DEBUG "1" } */
/* { dg-final { rev-served 1 } } */
/* { dg-final { gomptarget-output-count {reverse offload: item [0-9]+: .*\(mapped\)} 2 } } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   An ancestor region inside a target region inside two nested target
   data regions.  Its data is mapped, so the host function gets the
   host's own objects (the device's copies translated back through the
   mapping table):
   - map(always, tofrom: a[2:3]): the device's values are copied to the
     host's a before the call, and the host's back to the device after;
   - map(tofrom: b), b mapped 'to' by the outer data region: no copy
     either way: the host function sees the host's b, and what it writes
     stays on the host.  */

#include <stdio.h>
#include <stdlib.h>

#pragma omp requires reverse_offload

#define N 8

static int a[N], b = 7;
static int *host_pa, *host_pb, host_b_seen = -1, host_a2_seen = -1;

__attribute__ ((noinline)) static void
on_host (int *pa, int *pb)
{
  int i;

  host_pa = pa;
  host_pb = pb;
  host_b_seen = *pb;
  host_a2_seen = pa[2];
  for (i = 2; i < 5; i++)
    pa[i] += 100;
  *pb = 99;
}

int
main (void)
{
  int i, dev_b = -1;

  for (i = 0; i < N; i++)
    a[i] = i;
#pragma omp target data map(tofrom: a)
  {
#pragma omp target data map(to: b)
    {
#pragma omp target map(tofrom: a, dev_b) map(to: b)
      {
	int j;
	for (j = 0; j < N; j++)
	  a[j] += 10;
	b = 8;
#pragma omp target device(ancestor: 1) map(always, tofrom: a[2:3]) \
	map(tofrom: b)
	on_host (a, &b);
	for (j = 0; j < N; j++)
	  a[j] += 1000;
	dev_b = b;
      }
    }
  }
  printf ("host saw a %s, b %s, b = %d, a[2] = %d; dev b %d, b %d\n",
	  host_pa == a ? "itself" : "a copy", host_pb == &b ? "itself"
	  : "a copy", host_b_seen, host_a2_seen, dev_b, b);
  if (host_pa != a || host_pb != &b || host_b_seen != 7 || host_a2_seen != 12
      || dev_b != 8 || b != 99)
    abort ();
  for (i = 0; i < N; i++)
    if (a[i] != i + 10 + 1000 + (i >= 2 && i < 5 ? 100 : 0))
      {
	printf ("a[%d] = %d\n", i, a[i]);
	abort ();
      }
  return 0;
}
