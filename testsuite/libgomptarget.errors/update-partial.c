/* { dg-do run } */
/* { dg-output {libgomptarget: Trying to update \[[^\n]*\) object when only \[[^\n]*\) is mapped} } */
/* { dg-gomptarget-exit-status 1 } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   target update of a range that only partly lies in mapped data is
   a fatal error (libgomp wording).  */

#include <stdio.h>

int a[20];

int
main (void)
{
#pragma omp target enter data map(to: a[0:10])
#pragma omp target update to(a[5:10])
  printf ("no error\n");
  return 0;
}
