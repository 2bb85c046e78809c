/* { dg-do run } */
/* { dg-set-target-env-var OMP_TARGET_OFFLOAD "mandatory" } */
/* { dg-output {libgomptarget: [^\n]*OMP_TARGET_OFFLOAD is set to MANDATORY, but device 7 is not available} } */
/* { dg-gomptarget-exit-status 1 } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   OMP_TARGET_OFFLOAD=mandatory and device(7) when only one device
   exists: fatal error naming device 7, exit status 1.  */

#include <stdio.h>

int
main (void)
{
  int x = 0;

#pragma omp target device(7) map(tofrom: x)
  x = 1;
  printf ("region ran, x = %d\n", x);
  return 0;
}
