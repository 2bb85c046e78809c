/* separate-memory.c -- what a missing map(from:) does on a device with its
   own memory: the device computes the right values, the host never sees
   them.  On the host fallback, memory is shared and the values do arrive.
   Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1  */

#include <stdio.h>
#include <omp.h>
#include "where.h"

#define N 16

int
main (void)
{
  int a[N], b[N];
  int initial = -1, devnum = -1, device_ok = 0;

  for (int i = 0; i < N; i++)
    a[i] = b[i] = -1;

  /* The mistake: a is only mapped "to", so what the region writes into it
     stays in device memory.  b is mapped "tofrom" for comparison.  */
#pragma omp target map(to: a[0:N]) map(tofrom: b[0:N]) \
		   map(from: initial, devnum, device_ok)
  {
    initial = omp_is_initial_device ();
    devnum = omp_get_device_num ();
    for (int i = 0; i < N; i++)
      a[i] = b[i] = i * i;
    /* Inside the region the device's copy of a does hold the new values.  */
    device_ok = 1;
    for (int i = 0; i < N; i++)
      if (a[i] != i * i)
	device_ok = 0;
  }

  int a_changed = 0, b_ok = 1;
  for (int i = 0; i < N; i++)
    {
      if (a[i] != -1)
	a_changed = 1;
      if (b[i] != i * i)
	b_ok = 0;
    }

  printf ("separate-memory: ran on %s\n", where (initial, devnum));
  if (!device_ok || !b_ok)
    {
      printf ("separate-memory: FAIL: map(tofrom:) did not bring the results back\n");
      return 1;
    }
  if (initial)
    {
      /* Host fallback: there is only one memory, so a changed too.  */
      if (!a_changed)
	{
	  printf ("separate-memory: FAIL: ran on the host but a did not change\n");
	  return 1;
	}
      printf ("separate-memory: OK, memory is shared on the host, so a[] "
	      "changed even without map(from:)\n");
    }
  else
    {
      if (a_changed)
	{
	  printf ("separate-memory: FAIL: a[] mapped only \"to\" changed on "
		  "the host: the device's memory is not separate\n");
	  return 1;
	}
      printf ("separate-memory: OK, a[] (map(to:) only) is stale on the host: "
	      "a[3] = %d, the device computed %d; b[] (map(tofrom:)) has b[3] = %d\n",
	      a[3], 3 * 3, b[3]);
    }
  return 0;
}
