/* { dg-do run } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   The index of exact starts beside the splay tree answers only for the
   address a key starts at: objects of 8 bytes mapped one by one at a
   stride of 16 leave gaps, and an address inside an object or in a gap
   is looked up in the tree (present and translated inside an object,
   absent in a gap); sections that overlap a mapped section (inside it,
   at its start and shorter) use its device copy.  */

#include <omp.h>
#include <stdlib.h>

void *omp_get_mapped_ptr (const void *, int);

#define N 4096
#define STRIDE 4		/* ints: 16 bytes.  */
#define LEN 2			/* ints: 8 bytes.  */

int a[N * STRIDE];
int big[256];

int
main (void)
{
  int dev = omp_get_default_device ();
  int i;

  if (omp_get_num_devices () == 0 || dev == omp_get_initial_device ())
    return 0;
  for (i = 0; i < N * STRIDE; i++)
    a[i] = i;
  for (i = 0; i < N; i++)
    {
#pragma omp target enter data map(to: a[STRIDE * i:LEN])
    }
  for (i = 0; i < N; i++)
    {
      char *s = (char *) &a[STRIDE * i], *d = omp_get_mapped_ptr (s, dev);
      if (d == NULL || d == s)
	abort ();
      /* Inside the object: the tree, translated from its start.  */
      if (!omp_target_is_present (s + 4, dev)
	  || omp_get_mapped_ptr (s + 4, dev) != d + 4
	  || omp_get_mapped_ptr (s + 7, dev) != d + 7)
	abort ();
      /* In the gap after it: nothing.  */
      if (omp_target_is_present (s + 8, dev)
	  || omp_get_mapped_ptr (s + 12, dev) != NULL
	  || omp_get_mapped_ptr (s + 15, dev) != NULL)
	abort ();
    }
  /* A region mapping the second int of every object (not a start) sees
     the device copies, which the host changes do not reach.  */
  for (i = 0; i < N * STRIDE; i++)
    a[i] = -1;
  for (i = 0; i < N; i += 97)
    {
      int v = 0;
#pragma omp target map(to: a[STRIDE * i + 1:1]) map(from: v)
      v = a[STRIDE * i + 1];
      if (v != STRIDE * i + 1)
	abort ();
    }
  for (i = 0; i < N; i++)
    {
#pragma omp target exit data map(release: a[STRIDE * i:LEN])
    }
  for (i = 0; i < N; i++)
    if (omp_target_is_present (&a[STRIDE * i], dev)
	|| omp_target_is_present (&a[STRIDE * i + 1], dev))
      abort ();

  /* Overlapping sections of one mapped section.  */
  for (i = 0; i < 256; i++)
    big[i] = i;
#pragma omp target data map(tofrom: big[0:256])
  {
#pragma omp target map(tofrom: big[10:20])
    for (int j = 10; j < 30; j++)
      big[j] += 1000;
#pragma omp target map(tofrom: big[0:8])
    for (int j = 0; j < 8; j++)
      big[j] += 2000;
#pragma omp target map(tofrom: big[250:6])
    big[255] += 3000;
    /* Nothing came back yet: the enclosing data region holds them.  */
    if (big[10] != 10 || big[0] != 0 || big[255] != 255)
      abort ();
  }
  for (i = 0; i < 256; i++)
    if (big[i] != i + (i >= 10 && i < 30 ? 1000 : 0) + (i < 8 ? 2000 : 0)
		  + (i == 255 ? 3000 : 0))
      abort ();
  return 0;
}
