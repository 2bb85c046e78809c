/* { dg-do run } */
/* { dg-gomptarget-gcc-max 13 } */
/* { dg-output {libgomptarget: attempt to attach null pointer} } */
/* { dg-gomptarget-exit-status 1 } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   Attaching a struct member pointer that is NULL is a fatal error in a
   program built by GCC 12 or 13, as in their libgomp (GCC 14's attaches
   NULL: see mapping/attach-null-gcc14.c); reached through
   GOMP_target_enter_exit_data with GOMP_MAP_ATTACH.  */

#include <stdio.h>
#include <stddef.h>

extern void GOMP_target_enter_exit_data (int, size_t, void **, size_t *,
					 unsigned short *, unsigned int,
					 void **);

struct s { int n; int *q; };

int
main (void)
{
  struct s s = { 4, NULL };
  void *hostaddrs[1] = { &s.q };
  size_t sizes[1] = { 0 };	/* The bias.  */
  unsigned short kinds[1] = { 0x50 };	/* GOMP_MAP_ATTACH.  */

#pragma omp target enter data map(to: s)
  GOMP_target_enter_exit_data (-1, 1, hostaddrs, sizes, kinds, 0, NULL);
  printf ("no error\n");
  return 0;
}
