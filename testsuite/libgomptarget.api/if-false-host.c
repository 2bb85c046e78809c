/* { dg-do run } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   A region with if(false) runs on the host without mapping: writes
   to a map(to:) variable are visible on the host.  */

#include <stdlib.h>
#include <omp.h>

int
main (void)
{
  int x = 1, initial = 0, cond = 0;

#pragma omp target if(cond) map(to: x) map(from: initial)
  {
    initial = omp_is_initial_device ();
    x = 2;
  }
  if (!initial || x != 2)
    abort ();

  cond = 1;
#pragma omp target if(cond) map(to: x) map(from: initial)
  {
    initial = omp_is_initial_device ();
    x = 3;
  }
  if (initial || x != 2)
    abort ();
  return 0;
}
