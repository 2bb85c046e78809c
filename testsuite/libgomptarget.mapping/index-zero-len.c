/* { dg-do run } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   An empty key [P, P) (omp_target_associate_ptr of size 0) and a key
   [P, P+N) may be in the table at once: they do not overlap.  The index
   of exact starts holds only the keys that are not empty, so a lookup of
   [P, P+N) or of a zero-length section at P finds the object and not the
   empty key, and the empty key stays when the object goes.  */

#include <omp.h>
#include <stdlib.h>

#define N 64

int a[N];

int
main (void)
{
  int dev = omp_get_default_device ();
  int *p = &a[8], v = 0, r;
  void *d = omp_target_alloc (sizeof (int), dev);

  if (omp_get_num_devices () == 0 || dev == omp_get_initial_device ())
    return 0;
  if (d == NULL)
    abort ();
  for (int i = 0; i < N; i++)
    a[i] = i;
  for (r = 0; r < 3; r++)
    {
      /* The empty key first, then the object at the same start.  */
      if (omp_target_associate_ptr (p, d, 0, 0, dev) != 0)
	abort ();
#pragma omp target enter data map(to: p[0:16])
      a[8] = -1;
#pragma omp target map(tofrom: p[0:16]) map(from: v)
      {
	v = p[0];
	p[1] += 100;
      }
      if (v != 8 || a[9] != 9)
	abort ();
      /* A zero-length section at P: the object's device copy.  */
      v = 0;
#pragma omp target map(tofrom: p[0:0]) map(from: v)
      v = p[1];
      if (v != 109)
	abort ();
#pragma omp target exit data map(from: p[0:16])
      if (a[9] != 109 || a[8] != 8)
	abort ();
      a[9] = 9;
      /* The object is gone; the empty key is not.  */
      if (omp_target_is_present (p, dev))
	abort ();
#pragma omp target enter data map(to: p[0:4])
#pragma omp target map(from: v)
      v = p[3];
      if (v != 11)
	abort ();
      /* P is inside a mapped object: not disassociated.  */
      if (omp_target_disassociate_ptr (p, dev) == 0)
	abort ();
#pragma omp target exit data map(release: p[0:4])
      if (omp_target_disassociate_ptr (p, dev) != 0)
	abort ();
      if (omp_target_is_present (p, dev))
	abort ();
    }
  omp_target_free (d, dev);
  return 0;
}
