/* { dg-do run } */
/* { dg-output {libgomptarget: Mapped array elements must be the same \(0x[0-9a-f]+ vs 0x[0-9a-f]+\)} } */
/* { dg-gomptarget-exit-status 1 } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   GOMP_MAP_STRUCT_UNORD whose fields are not all the same (GCC 14 emits
   it for map(s[i].p, s[j].p) with variable indices; OpenMP requires
   i == j): fatal, with libgomp 14's words, instead of mapping two
   elements as one structure.  Given by hand, so GCC 12 builds it too.  */

#include <stddef.h>
#include <stdio.h>

extern void GOMP_target_ext (int, void (*) (void *), size_t, void **,
			     size_t *, unsigned short *, unsigned int,
			     void **, void **);

struct st { int *p; };
static struct st s[4];

static void
region (void *v)
{
  (void) v;
  printf ("the region ran\n");
}

int
main (void)
{
  void *h[3] = { s, &s[1].p, &s[2].p };
  size_t sz[3] = { 2, sizeof (int *), sizeof (int *) };
  unsigned short k[3] = { 0x5c | (3 << 8), 0x03 | (3 << 8),
			  0x03 | (3 << 8) };

  GOMP_target_ext (0, region, 3, h, sz, k, 0, NULL, NULL);
  return 0;
}
/* { dg-final { gomptarget-output-excludes {the region ran} } } */
