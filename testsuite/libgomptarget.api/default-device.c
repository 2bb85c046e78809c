/* { dg-do run } */
/* { dg-set-target-env-var GOMPTARGET_HOST_DEVICES "3" } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   omp_set_default_device changes the device used by regions without
   a device clause (checked with omp_get_device_num inside); setting
   the initial device runs regions on the host.  */

#include <stdlib.h>
#include <omp.h>

int
main (void)
{
  int num = -1, d;

  if (omp_get_default_device () != 0)
    abort ();
  for (d = 2; d >= 0; d--)
    {
      omp_set_default_device (d);
      if (omp_get_default_device () != d)
	abort ();
#pragma omp target map(from: num)
      num = omp_get_device_num ();
      if (num != d)
	abort ();
    }
  omp_set_default_device (omp_get_initial_device ());
  num = -1;
#pragma omp target map(from: num)
  num = omp_is_initial_device ();
  if (num != 1)
    abort ();
  return 0;
}
