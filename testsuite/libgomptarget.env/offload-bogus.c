/* { dg-do run } */
/* { dg-set-target-env-var OMP_TARGET_OFFLOAD "bogus" } */
/* { dg-output {libgomptarget: warning: [^\n]*OMP_TARGET_OFFLOAD} } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   A bad OMP_TARGET_OFFLOAD value gives a warning naming the variable,
   and the default applies (the device is used).  */

#include <stdlib.h>
#include <omp.h>

int
main (void)
{
  int initial = -1;

#pragma omp target map(from: initial)
  initial = omp_is_initial_device ();
  if (initial != 0 || omp_get_num_devices () != 1)
    abort ();
  return 0;
}
