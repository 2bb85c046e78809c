/* { dg-do run } */
/* { dg-set-target-env-var OMP_TARGET_OFFLOAD "mandatory" } */
/* { dg-set-target-env-var GOMPTARGET_HOST_DEVICES "0" } */
/* { dg-output {libgomptarget: [^\n]*OMP_TARGET_OFFLOAD is set to MANDATORY, but no offload device is available} } */
/* { dg-gomptarget-exit-status 1 } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   OMP_TARGET_OFFLOAD=mandatory with no device
   (GOMPTARGET_HOST_DEVICES=0) is a fatal error with exit status 1 at
   the first target construct.  */

#include <stdio.h>

int
main (void)
{
  int x = 0;

#pragma omp target map(tofrom: x)
  x = 1;
  printf ("region ran, x = %d\n", x);
  return 0;
}
