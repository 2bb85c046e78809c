/* { dg-do run } */
/* { dg-output {libgomptarget: present clause: not present on the device \(addr: 0x[0-9a-f]+, size: 8 \(0x8\), dev: 0\)} } */
/* { dg-gomptarget-exit-status 1 } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   target update to(present: b) (GCC 14's ALWAYS_PRESENT_TO, given by
   hand) of data that is not mapped is fatal, not skipped; the update of
   mapped data before it is done.  */

#include <stddef.h>
#include <stdio.h>

extern void GOMP_target_update_ext (int, size_t, void **, size_t *,
				    unsigned short *, unsigned int, void **);

static int a[2], b[2];

int
main (void)
{
  void *h[2] = { a, b };
  size_t s[2] = { sizeof a, sizeof b };
  unsigned short k[2] = { 0x95 | (2 << 8), 0x95 | (2 << 8) };

#pragma omp target enter data map(alloc: a) device(0)
  GOMP_target_update_ext (0, 2, h, s, k, 0, NULL);
  printf ("the update returned\n");
  return 0;
}
/* { dg-final { gomptarget-output-excludes {the update returned} } } */
