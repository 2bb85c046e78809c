/* { dg-do run } */
/* { dg-output {libgomptarget: Trying to map into device \[[^\n]*\) object when \[[^\n]*\) is already mapped} } */
/* { dg-gomptarget-exit-status 1 } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   enter data of a section larger than, and containing, an already
   mapped section is a fatal error.  */

#include <stdio.h>

int
main (void)
{
  int a[8] = { 0 };

#pragma omp target enter data map(to: a[2:4])
#pragma omp target enter data map(to: a[0:8])
  printf ("no error\n");
  return 0;
}
