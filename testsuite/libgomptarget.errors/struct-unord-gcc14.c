/* { dg-do run } */
/* { dg-gomptarget-gcc-min 14 } */
/* { dg-output {ran with i == j.*libgomptarget: Mapped array elements must be the same} } */
/* { dg-gomptarget-exit-status 1 } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   Fields of array elements with variable indices, as GCC 14 compiles them
   (GOMP_MAP_STRUCT_UNORD): with i == j the region runs on the device's
   copies; with i != j (not allowed by OpenMP) it is a fatal error, as in
   libgomp 14, not a silently wrong mapping.  */

#include <stdio.h>
#include <stdlib.h>

struct st { int *p; };

int
main (int argc, char **argv)
{
  struct st s[4];
  int i = argc, j = argc;	/* 1, not known to the compiler.  */

  (void) argv;
  for (int k = 0; k < 4; k++)
    s[k].p = calloc (4, sizeof (int));
#pragma omp target map(s[i].p, s[j].p, s[i].p[0:2], s[j].p[2:2])
  {
    s[i].p[0]++;
    s[j].p[2]++;
  }
  if (s[1].p[0] != 1 || s[1].p[2] != 1)
    abort ();
  fprintf (stderr, "ran with i == j\n");
  j = i + 1;
#pragma omp target map(s[i].p, s[j].p, s[i].p[0:2], s[j].p[2:2])
  {
    s[i].p[0]++;
    s[j].p[2]++;
  }
  fprintf (stderr, "the region ran with i != j\n");
  return 0;
}
/* { dg-final { gomptarget-output-excludes {the region ran with i != j} } } */
