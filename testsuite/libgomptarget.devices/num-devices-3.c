/* { dg-do run } */
/* { dg-set-target-env-var GOMPTARGET_HOST_DEVICES "3" } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   GOMPTARGET_HOST_DEVICES=3 gives three devices; the initial device
   is number 3.  */

#include <stdlib.h>
#include <omp.h>

int
main (void)
{
  if (omp_get_num_devices () != 3)
    abort ();
  if (omp_get_initial_device () != 3)
    abort ();
  if (omp_get_device_num () != 3)
    abort ();
  return 0;
}
