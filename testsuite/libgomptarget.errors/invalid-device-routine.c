/* { dg-do run } */
/* { dg-output {libgomptarget: omp_invalid_device encountered} } */
/* { dg-gomptarget-exit-status 1 } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   omp_invalid_device given to a device routine is fatal too, as in
   libgomp (other bad numbers are an error return).  */

#include <omp.h>
#include <stdio.h>

int
main (void)
{
  if (omp_target_alloc (16, -5) != NULL)	/* Just not a device.  */
    return 2;
  void *p = omp_target_alloc (16, -4);	/* omp_invalid_device.  */
  printf ("the routine returned %p\n", p);
  return 0;
}
/* { dg-final { gomptarget-output-excludes {the routine returned} } } */
