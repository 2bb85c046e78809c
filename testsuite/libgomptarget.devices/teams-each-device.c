/* { dg-do run } */
/* { dg-set-target-env-var GOMPTARGET_HOST_DEVICES "3" } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   target teams with a reduction gives the same correct result on
   every device.  */

#include <stdlib.h>
#include <omp.h>

int
main (void)
{
  int d;

  for (d = 0; d < omp_get_num_devices (); d++)
    {
      long sum = 0;
      int dn = -1;
#pragma omp target teams distribute parallel for device(d) reduction(+: sum) \
	map(tofrom: sum)
      for (int i = 0; i < 1000; i++)
	sum += i;
#pragma omp target device(d) map(from: dn)
      dn = omp_get_device_num ();
      if (sum != 499500 || dn != d)
	abort ();
    }
  if (omp_get_num_devices () != 3)
    abort ();
  return 0;
}
