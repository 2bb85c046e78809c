/* { dg-do run } */
/* { dg-gomptarget-gcc-min 14 } */
/* { dg-output {CheCKpOInT.*libgomptarget: present clause: not present on the device \(addr: 0x[0-9a-f]+, size: 400 \(0x190\), dev: 0\)} } */
/* { dg-gomptarget-exit-status 1 } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   map(present, to: b) of data that is not mapped, as GCC 14 compiles it:
   fatal, in libgomp 14's words, after the same for data that is.  */

#include <stdio.h>

#define N 100

int
main (void)
{
  int a[N], b[N];

  for (int i = 0; i < N; i++)
    a[i] = b[i] = i;
#pragma omp target enter data map(to: a)
#pragma omp target map(present, to: a)
  a[0]++;
  fprintf (stderr, "CheCKpOInT\n");
#pragma omp target map(present, to: b)
  b[0]++;
  fprintf (stderr, "the region ran\n");
  return 0;
}
/* { dg-final { gomptarget-output-excludes {the region ran} } } */
