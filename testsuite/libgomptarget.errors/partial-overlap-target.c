/* { dg-do run } */
/* { dg-output {libgomptarget: Trying to map into device \[[^\n]*\) object when \[[^\n]*\) is already mapped} } */
/* { dg-gomptarget-exit-status 1 } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   A region mapping a section that only partly overlaps mapped data
   is a fatal error (libgomp wording), exit status 1.  */

#include <stdio.h>

int a[20];

int
main (void)
{
#pragma omp target enter data map(to: a[0:10])
#pragma omp target map(tofrom: a[5:10])
  a[5] = 1;
  printf ("no error\n");
  return 0;
}
