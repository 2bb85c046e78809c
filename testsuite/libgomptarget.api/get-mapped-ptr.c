/* { dg-do run } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   omp_get_mapped_ptr: the device address of a mapped host address (also
   inside a mapped object, and of an associated pointer), NULL for an
   unmapped one or a device number that names no device, the address
   itself for the initial device, named either way.  */

#include <stdlib.h>
#include "omp51-decls.h"

int
main (void)
{
  int dev = omp_get_default_device (), host = omp_get_initial_device ();
  int a[8], x;
  int *p = omp_target_alloc (sizeof x, dev);

  if (p == NULL)
    abort ();
  if (omp_get_mapped_ptr (a, dev) != NULL)
    abort ();
#pragma omp target enter data map(to: a) device(dev)
  {
    int *da = omp_get_mapped_ptr (a, dev);
    if (da == NULL || da == a || omp_get_mapped_ptr (&a[3], dev) != da + 3)
      abort ();
    /* What the region sees is what the routine says.  */
    int *seen = NULL;
#pragma omp target map(from: seen) device(dev)
    seen = &a[0];
    if (seen != da)
      abort ();
  }
#pragma omp target exit data map(delete: a) device(dev)
  if (omp_get_mapped_ptr (a, dev) != NULL)
    abort ();

  if (omp_target_associate_ptr (&x, p, sizeof x, 0, dev) != 0
      || omp_get_mapped_ptr (&x, dev) != p)
    abort ();
  if (omp_target_disassociate_ptr (&x, dev) != 0
      || omp_get_mapped_ptr (&x, dev) != NULL)
    abort ();

  if (omp_get_mapped_ptr (&x, host) != &x
      || omp_get_mapped_ptr (&x, INITIAL_DEVICE) != &x
      || omp_get_mapped_ptr (&x, -5) != NULL
      || omp_get_mapped_ptr (&x, host + 1) != NULL)
    abort ();
  omp_target_free (p, dev);
  return 0;
}
