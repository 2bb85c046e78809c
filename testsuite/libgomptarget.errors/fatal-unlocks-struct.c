/* { dg-do run } */
/* { dg-gomptarget-exit-status 1 } */
/* { dg-final { gomptarget-output-includes {libgomptarget: malformed structure mapping \(0 fields\)} } } */
/* { dg-final { gomptarget-output-includes {after the fatal error: device 0 mapped, ran and unmapped, y = 6} } } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   A fatal error raised inside the mapping of a construct, with the
   device's lock held (a GOMP_MAP_STRUCT entry with no fields, passed to
   GOMP_target_enter_exit_data directly), releases the lock before the
   program exits: an exit handler can still use the device
   (fatal-unlocks.h).  */

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include "fatal-unlocks.h"
extern void GOMP_target_enter_exit_data (int, size_t, void **, size_t *,
					 unsigned short *, unsigned int,
					 void **);


int
main (void)
{
  struct { int a, b; } s = { 1, 2 };
  void *hostaddrs[1] = { &s };
  size_t sizes[1] = { 0 };	/* No fields: malformed.  */
  unsigned short kinds[1] = { 0x1c | (2 << 8) };	/* GOMP_MAP_STRUCT.  */

  atexit (after_fatal);
  GOMP_target_enter_exit_data (0, 1, hostaddrs, sizes, kinds, 0, NULL);
  printf ("no error\n");
  return 0;
}
