/* { dg-do run } */
/* { dg-output {libgomptarget: omp_invalid_device encountered} } */
/* { dg-gomptarget-exit-status 1 } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   device(omp_invalid_device) (-4, OpenMP 5.1) is fatal, whatever
   OMP_TARGET_OFFLOAD says: the region must not run anywhere.  */

#include <stdio.h>

int
main (void)
{
  volatile int dev = -4;	/* omp_invalid_device.  */
  int x = 0;

#pragma omp target device(dev) map(tofrom: x)
  x = 1;
  printf ("the region ran: x = %d\n", x);
  return 0;
}
/* { dg-final { gomptarget-output-excludes {the region ran} } } */
