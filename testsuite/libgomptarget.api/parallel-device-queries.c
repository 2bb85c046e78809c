/* { dg-do run } */
/* { dg-set-target-env-var GOMPTARGET_HOST_DEVICES "2" } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   Inside a parallel region nested in a target region on the emulated
   device, every thread (not only the one that started the region) sees
   omp_is_initial_device() == 0 and omp_get_device_num() == the device.  */

#include <stdlib.h>
#include <omp.h>

int
main (void)
{
  int d;

  for (d = 0; d < 2; d++)
    {
      int init[4] = { -1, -1, -1, -1 }, num[4] = { -1, -1, -1, -1 }, nt = 0;
      int i;

#pragma omp target device(d) map(tofrom: init, num, nt)
#pragma omp parallel num_threads(4)
      {
	int t = omp_get_thread_num ();
	if (t < 4)
	  {
	    init[t] = omp_is_initial_device ();
	    num[t] = omp_get_device_num ();
	  }
	if (t == 0)
	  nt = omp_get_num_threads ();
      }

      if (nt < 1 || nt > 4)
	abort ();
      for (i = 0; i < nt; i++)
	if (init[i] != 0 || num[i] != d)
	  abort ();
    }
  return 0;
}
