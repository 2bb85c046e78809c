/* { dg-do run } */
/* { dg-output {libgomptarget: present clause: not present on the device \(addr: 0x[0-9a-f]+, size: 4 \(0x4\), dev: 0\)} } */
/* { dg-gomptarget-exit-status 1 } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   target exit data map(always, present, from: x) (GCC 14's
   ALWAYS_PRESENT_FROM, given by hand) of data that is not mapped: fatal
   (libgomp 14 rejects the kind in exit data altogether).  */

#include <stddef.h>
#include <stdio.h>

extern void GOMP_target_enter_exit_data (int, size_t, void **, size_t *,
					 unsigned short *, unsigned int,
					 void **);

static int x;

int
main (void)
{
  void *h[1] = { &x };
  size_t s[1] = { sizeof x };
  unsigned short k[1] = { 0x96 | (2 << 8) };

  GOMP_target_enter_exit_data (0, 1, h, s, k, 2, NULL);
  printf ("exit data returned\n");
  return 0;
}
/* { dg-final { gomptarget-output-excludes {exit data returned} } } */
