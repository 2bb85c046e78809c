/* { dg-do run } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   How GCC 14 passes 'target firstprivate(A)' for a Fortran allocatable
   array (PR fortran/104949), given by hand: the descriptor and the data
   firstprivate, then an attach whose address is the descriptor's place
   in the address array.  The region's copy of the descriptor must point
   to its copy of the data: the region reads the values, and its writes
   stay private (the host's array is unchanged), on the emulated device
   with its own memory and in shared-memory mode alike.  */

#include <stddef.h>
#include <stdlib.h>

extern void GOMP_target_ext (int, void (*) (void *), size_t, void **,
			     size_t *, unsigned short *, unsigned int,
			     void **, void **);

struct desc { int *base_addr; long offset, dtype[2], span, dim[3]; };

static int data[5] = { 1, 2, 3, 4, 5 };

static void
region (void *v)
{
  struct desc *d = ((struct desc **) v)[0];
  int ok = d->base_addr != data;

  for (int i = 0; i < 5; i++)
    {
      ok &= d->base_addr[i] == i + 1;
      d->base_addr[i] = 99;
    }
  *((int **) v)[3] = ok;
}

int
main (void)
{
  struct desc d = { data, 0, { 0, 0 }, 4, { 1, 1, 5 } };
  int seen_ok = 0;
  void *h[4];
  size_t s[4] = { sizeof d, sizeof data, 0, sizeof seen_ok };
  unsigned short k[4] = { 0x0c | (3 << 8), 0x0c | (2 << 8), 0x50 | (3 << 8),
			  0x02 | (2 << 8) };

  h[0] = &d;
  h[1] = data;
  h[2] = &h[0];
  h[3] = &seen_ok;
  GOMP_target_ext (0, region, 4, h, s, k, 0, NULL, NULL);
  if (!seen_ok)
    abort ();
  for (int i = 0; i < 5; i++)
    if (data[i] != i + 1)
      abort ();
  if (d.base_addr != data)
    abort ();
  return 0;
}
