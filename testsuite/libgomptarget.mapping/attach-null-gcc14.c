/* { dg-do run } */
/* { dg-gomptarget-gcc-min 14 } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   In a program built by GCC 14, attaching a null pointer attaches NULL, as
   libgomp 14 does (for unassociated Fortran pointers, say): the device
   copy of the pointer is NULL, the region sees it, and once detached the
   pointer attaches to mapped data as usual.  (GCC 12 and 13's libgomp refused:
   errors/attach-null.c.)  */

#include <stddef.h>
#include <stdlib.h>

extern void GOMP_target_enter_exit_data (int, size_t, void **, size_t *,
					 unsigned short *, unsigned int,
					 void **);

struct s { int n; int *q; };

int
main (void)
{
  struct s s = { 4, NULL };
  int data[4] = { 1, 2, 3, 4 }, null_seen = -1, sum = 0;
  void *hostaddrs[1] = { &s.q };
  size_t sizes[1] = { 0 };	/* The bias.  */
  unsigned short kinds[1] = { 0x50 };	/* GOMP_MAP_ATTACH.  */

#pragma omp target enter data map(to: s)
  s.q = (int *) 0x1234;		/* What the device must not get.  */
#pragma omp target update to(s)
  s.q = NULL;
  GOMP_target_enter_exit_data (-1, 1, hostaddrs, sizes, kinds, 0, NULL);
#pragma omp target map(from: null_seen)
  null_seen = s.q == NULL;
  if (null_seen != 1)
    abort ();
  kinds[0] = 0x51;		/* GOMP_MAP_DETACH, in exit data.  */
  GOMP_target_enter_exit_data (-1, 1, hostaddrs, sizes, kinds, 2, NULL);

  s.q = data;
#pragma omp target map(to: s.q[0:4]) map(tofrom: sum)
  for (int i = 0; i < 4; i++)
    sum += s.q[i];
  if (sum != 10)
    abort ();
#pragma omp target exit data map(release: s)
  return 0;
}
