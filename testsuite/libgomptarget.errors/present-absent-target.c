/* { dg-do run } */
/* { dg-output {libgomptarget: present clause: not present on the device \(addr: 0x[0-9a-f]+, size: 16 \(0x10\), dev: 0\)} } */
/* { dg-gomptarget-exit-status 1 } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   map(present, to: a) (GCC 14's FORCE_PRESENT, given by hand) of data that
   is not mapped: fatal, in libgomp 14's words, before the region runs.  */

#include <stddef.h>
#include <stdio.h>

extern void GOMP_target_ext (int, void (*) (void *), size_t, void **,
			     size_t *, unsigned short *, unsigned int,
			     void **, void **);

static int a[4];

static void
region (void *v)
{
  (void) v;
  printf ("the region ran\n");
}

int
main (void)
{
  void *h[1] = { a };
  size_t s[1] = { sizeof a };
  unsigned short k[1] = { 0x06 | (2 << 8) };

  GOMP_target_ext (0, region, 1, h, s, k, 0, NULL, NULL);
  return 0;
}
/* { dg-final { gomptarget-output-excludes {the region ran} } } */
