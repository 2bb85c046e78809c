/* { dg-do run } */
/* { dg-output {libgomptarget: use_device_ptr pointer wasn't mapped} } */
/* { dg-gomptarget-exit-status 1 } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   use_device_ptr of a pointer whose target is not mapped is a fatal
   error.  */

#include <stdio.h>
#include <stdlib.h>

int
main (void)
{
  int *p = malloc (16 * sizeof (int)), *dp = NULL;

#pragma omp target data use_device_ptr(p)
  dp = p;
  printf ("no error %p\n", (void *) dp);
  return 0;
}
