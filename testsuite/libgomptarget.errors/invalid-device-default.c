/* { dg-do run } */
/* { dg-output {libgomptarget: omp_invalid_device encountered} } */
/* { dg-gomptarget-exit-status 1 } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   omp_set_default_device (omp_invalid_device) makes the next construct
   without a device clause fatal; target data included.  */

#include <omp.h>
#include <stdio.h>

int
main (void)
{
  int x = 0;

  omp_set_default_device (-4);	/* omp_invalid_device.  */
#pragma omp target data map(tofrom: x)
  x = 1;
  printf ("the construct ran: x = %d\n", x);
  return 0;
}
/* { dg-final { gomptarget-output-excludes {the construct ran} } } */
