/* { dg-do run } */
/* { dg-output {libgomptarget: Trying to map into device \[[^\n]*\) object when \[[^\n]*\) is already mapped} } */
/* { dg-gomptarget-exit-status 1 } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   Mapping p[0:n] through a pointer when an overlapping but different
   range of the same buffer is mapped is a fatal error.  */

#include <stdio.h>
#include <stdlib.h>

int
main (void)
{
  int *buf = calloc (100, sizeof (int)), *p = buf + 40;

#pragma omp target enter data map(to: buf[0:50])
#pragma omp target map(tofrom: p[0:20])
  p[0] = 1;
  printf ("no error\n");
  return 0;
}
