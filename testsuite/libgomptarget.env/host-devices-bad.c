/* { dg-do run } */
/* { dg-set-target-env-var GOMPTARGET_HOST_DEVICES "abc" } */
/* { dg-output {libgomptarget: warning: [^\n]*GOMPTARGET_HOST_DEVICES} } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   A non-numeric GOMPTARGET_HOST_DEVICES gives a warning naming the
   variable, and the default of one device applies.  */

#include <stdlib.h>
#include <omp.h>

int
main (void)
{
  int initial = -1;

  if (omp_get_num_devices () != 1)
    abort ();
#pragma omp target map(from: initial)
  initial = omp_is_initial_device ();
  if (initial != 0)
    abort ();
  return 0;
}
