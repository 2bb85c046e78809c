/* { dg-do run } */
/* { dg-output {libgomptarget: pointer target not mapped for attach} } */
/* { dg-gomptarget-exit-status 1 } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   Attaching a struct member pointer whose target is not mapped is
   a fatal error; reached through GOMP_target_enter_exit_data with
   GOMP_MAP_ATTACH.  */

#include <stdio.h>
#include <stddef.h>

extern void GOMP_target_enter_exit_data (int, size_t, void **, size_t *,
					 unsigned short *, unsigned int,
					 void **);

struct s { int n; int *q; };
int data[8];

int
main (void)
{
  struct s s = { 8, data };
  void *hostaddrs[1] = { &s.q };
  size_t sizes[1] = { 0 };	/* The bias.  */
  unsigned short kinds[1] = { 0x50 };	/* GOMP_MAP_ATTACH.  */

#pragma omp target enter data map(to: s)
  GOMP_target_enter_exit_data (-1, 1, hostaddrs, sizes, kinds, 0, NULL);
  printf ("no error\n");
  return 0;
}
