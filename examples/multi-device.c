/* multi-device.c -- one slice of an array per device, each device chosen
   with the device clause; devices are numbered 0 .. omp_get_num_devices ()-1.
   Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1  */

#include <stdio.h>
#include <omp.h>
#include "where.h"

#define N 4096
#define MAX_DEVICES 64

int
main (void)
{
  static int v[N];
  int ndev = omp_get_num_devices ();
  /* With no device at all, use the initial device once (host fallback).  */
  int nparts = ndev > 0 ? ndev : 1;
  int ok = 1;

  if (nparts > MAX_DEVICES)
    nparts = MAX_DEVICES;
  printf ("multi-device: %d device(s), initial device is %d\n", ndev,
	  omp_get_initial_device ());

  for (int i = 0; i < N; i++)
    v[i] = i;

  for (int d = 0; d < nparts; d++)
    {
      int dev = ndev > 0 ? d : omp_get_initial_device ();
      int lo = N / nparts * d;
      int hi = d == nparts - 1 ? N : N / nparts * (d + 1);
      int initial = -1, devnum = -1;

#pragma omp target device(dev) map(tofrom: v[lo:hi - lo]) \
		   map(from: initial, devnum)
      {
	initial = omp_is_initial_device ();
	devnum = omp_get_device_num ();
	for (int i = lo; i < hi; i++)
	  v[i] = v[i] * 2 + devnum;
      }

      printf ("multi-device: elements [%d, %d) asked for device %d, ran on %s\n",
	      lo, hi, dev, where (initial, devnum));
      if (ndev > 0 && (initial || devnum != dev))
	{
	  printf ("multi-device: FAIL: region for device %d ran elsewhere\n",
		  dev);
	  ok = 0;
	}
      for (int i = lo; i < hi; i++)
	if (v[i] != i * 2 + devnum)
	  {
	    printf ("multi-device: FAIL: v[%d] = %d, expected %d\n", i, v[i],
		    i * 2 + devnum);
	    ok = 0;
	    break;
	  }
    }

  if (!ok)
    return 1;
  printf ("multi-device: OK, %d slice(s) computed\n", nparts);
  return 0;
}
