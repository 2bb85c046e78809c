/* { dg-do run } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   GOMP_MAP_STRUCT_UNORD (GCC 14, for fields of an array element with a
   variable index; given by hand here, as GCC 14 emits it for
   map(tofrom: s[i].b, s[j].b) with i == j): the header is the array, the
   fields the same element's field twice; it is mapped once, the region
   uses its device copy, reached through the field's address or through
   the header's (the array as seen from that element), and it is copied
   back.  In enter and exit data too.  */

#include <stddef.h>
#include <stdlib.h>

extern void GOMP_target_ext (int, void (*) (void *), size_t, void **,
			     size_t *, unsigned short *, unsigned int,
			     void **, void **);
extern void GOMP_target_enter_exit_data (int, size_t, void **, size_t *,
					 unsigned short *, unsigned int,
					 void **);

struct st { int a, b; };
static struct st s[4];

static void
region (void *v)
{
  struct st *arr = ((struct st **) v)[0];
  int *field = ((int **) v)[1], *again = ((int **) v)[2];

  /* Device copies, not the host's: the emulated device has its own.  */
  if (field == &s[2].b || field != again || field != &arr[2].b)
    return;
  arr[2].b += 10;
}

int
main (void)
{
  void *h[3] = { s, &s[2].b, &s[2].b };
  size_t sz[3] = { 2, sizeof (int), sizeof (int) };
  unsigned short k[3] = { 0x5c | (3 << 8), 0x03 | (2 << 8),
			  0x03 | (2 << 8) };

  s[2].b = 1;
  GOMP_target_ext (0, region, 3, h, sz, k, 0, NULL, NULL);
  if (s[2].b != 11)
    abort ();

  /* enter data (to) with the same shape, then exit data (from).  */
  s[3].a = 7;
  {
    void *h2[3] = { s, &s[3].a, &s[3].a };
    size_t sz2[3] = { 2, sizeof (int), sizeof (int) };
    unsigned short k2[3] = { 0x5c | (3 << 8), 0x01 | (2 << 8),
			     0x01 | (2 << 8) };
    GOMP_target_enter_exit_data (0, 3, h2, sz2, k2, 0, NULL);
    s[3].a = 0;
    k2[1] = k2[2] = 0x02 | (2 << 8);
    GOMP_target_enter_exit_data (0, 3, h2, sz2, k2, 2, NULL);
  }
  if (s[3].a != 7)
    abort ();
  return 0;
}
