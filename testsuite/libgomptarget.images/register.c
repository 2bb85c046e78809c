/* { dg-do run } */
/* { dg-gomptarget-images "nvptx with GCC 12, all installed with GCC 13+" } */
/* { dg-set-target-env-var GOMP_DEBUG "1" } */
/* { dg-final { gomptarget-output-includes {registered an offload image of GCC library version 1 for target type 5 \(2 function\(s\), 1 variable\(s\), 0 indirect function\(s\), requires mask 0x0\)} gcc<=12 } } */
/* { dg-final { gomptarget-output-includes {registered an offload image of GCC library version 3 for target type (5|8) \(2 function\(s\), 1 variable\(s\), 0 indirect function\(s\), requires mask 0x200\)} gcc>=14 } } */
/* { dg-final { gomptarget-output-excludes {shared-memory mode} } } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   A program built with offload images -- GCC 12's registration data
   (library version 1) or GCC 14's (version 3: the requires mask word,
   the 6-word host table) -- registers them, and runs its regions on the
   emulated device, with its own memory, as one built with
   -foffload=disable does; a declare target variable keeps its value
   between regions.  */

#include <omp.h>
#include <stdlib.h>

int counter = 5;
#pragma omp declare target(counter)

int
main (void)
{
  int a[16], i, initial = -1;

  for (i = 0; i < 16; i++)
    a[i] = i;
#pragma omp target map(tofrom: a) map(from: initial)
  {
    initial = omp_is_initial_device ();
    for (int j = 0; j < 16; j++)
      a[j] += counter;
    counter++;
  }
  if (initial != 0)
    abort ();
  for (i = 0; i < 16; i++)
    if (a[i] != i + 5)
      abort ();
  /* map(to:) is not copied back: the device has memory of its own.  */
#pragma omp target map(to: a)
  a[0] = counter;
  if (a[0] != 5)
    abort ();
  return 0;
}
