/* { dg-do run } */
/* { dg-output {libgomptarget: Pointer target of array section wasn't mapped} } */
/* { dg-gomptarget-exit-status 1 } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   A GOMP_MAP_POINTER entry (as gcc emits for array sections through
   a global pointer) whose pointee is not mapped is a fatal error;
   reached through GOMP_target_enter_exit_data directly.  */

#include <stdio.h>
#include <stddef.h>

extern void GOMP_target_enter_exit_data (int, size_t, void **, size_t *,
					 unsigned short *, unsigned int,
					 void **);

int buf[16];
int *gp = buf;

int
main (void)
{
  void *hostaddrs[1] = { &gp };
  size_t sizes[1] = { 0 };	/* The bias.  */
  unsigned short kinds[1] = { 4 | (3 << 8) };	/* GOMP_MAP_POINTER.  */

  GOMP_target_enter_exit_data (-1, 1, hostaddrs, sizes, kinds, 0, NULL);
  printf ("no error\n");
  return 0;
}
