/* { dg-do run } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   What GCC 14 emits for 'enter data map(to: a.ptr[:N])' when nothing of a
   is mapped: a structure whose only field is a zero-length section of the
   pointer member, the pointee, and an attach of the member.  The
   zero-length field maps nothing (as in libgomp), so that a later
   'target map(a, a.ptr[:0])' maps all of a, attaches a.ptr there to the
   pointee mapped before, and the region works on the device's copies.
   (GCC 14's target-map-zlas-1.c; the kinds are given by hand.)  */

#include <stddef.h>
#include <stdlib.h>

extern void GOMP_target_ext (int, void (*) (void *), size_t, void **,
			     size_t *, unsigned short *, unsigned int,
			     void **, void **);
extern void GOMP_target_enter_exit_data (int, size_t, void **, size_t *,
					 unsigned short *, unsigned int,
					 void **);

#define N 10
struct S { int a, b; int *ptr; int c, d; };

static void
region (void *v)
{
  struct S *a = ((struct S **) v)[0];
  for (int i = 0; i < N; i++)
    a->ptr[i] += 1;
}

int
main (void)
{
  struct S a;
  int i;

  a.ptr = calloc (N, sizeof (int));
  {
    void *h[4] = { &a, &a.ptr, a.ptr, &a.ptr };
    size_t s[4] = { 1, 0, N * sizeof (int), 0 };
    unsigned short k[4] = { 0x1c | (3 << 8), 0x0f | (3 << 8),
			    0x01 | (2 << 8), 0x50 | (3 << 8) };
    GOMP_target_enter_exit_data (0, 4, h, s, k, 0, NULL);
  }
  {
    void *h[3] = { &a, a.ptr, &a.ptr };
    size_t s[3] = { sizeof a, 0, 0 };
    unsigned short k[3] = { 0x03 | (3 << 8), 0x0f | (2 << 8),
			    0x50 | (3 << 8) };
    GOMP_target_ext (0, region, 3, h, s, k, 0, NULL, NULL);
  }
  /* The pointee's device copy was incremented; not the host's.  */
  for (i = 0; i < N; i++)
    if (a.ptr[i] != 0)
      abort ();
  {
    void *h[1] = { a.ptr };
    size_t s[1] = { N * sizeof (int) };
    unsigned short k[1] = { 0x02 | (2 << 8) };
    GOMP_target_enter_exit_data (0, 1, h, s, k, 2, NULL);
  }
  for (i = 0; i < N; i++)
    if (a.ptr[i] != 1)
      abort ();
  free (a.ptr);
  return 0;
}
