/* { dg-do run } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   omp_target_is_present is false before mapping, true for the mapped
   object and addresses inside it, false again after unmapping, and
   always true on the initial device.  */

#include <stdlib.h>
#include <omp.h>

int a[100], b;

int
main (void)
{
  int dev = omp_get_default_device (), host = omp_get_initial_device ();

  if (omp_target_is_present (a, dev) || omp_target_is_present (&b, dev))
    abort ();
#pragma omp target enter data map(to: a)
  if (!omp_target_is_present (a, dev) || !omp_target_is_present (&a[50], dev)
      || !omp_target_is_present (&a[99], dev))
    abort ();
  if (omp_target_is_present (&b, dev))
    abort ();
#pragma omp target exit data map(release: a)
  if (omp_target_is_present (a, dev))
    abort ();
  if (!omp_target_is_present (&b, host))
    abort ();
  return 0;
}
