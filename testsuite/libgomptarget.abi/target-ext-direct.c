/* { dg-do run } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   GOMP_target_ext called directly with 16-bit kinds (alignment in the
   high byte), a firstprivate_int argument and an empty args array maps
   and runs correctly.  */

#include <stdlib.h>
#include <stdint.h>
#include <stddef.h>

extern void GOMP_target_ext (int, void (*) (void *), size_t, void **,
			     size_t *, unsigned short *, unsigned int,
			     void **, void **);

static int a[4] = { 1, 2, 3, 4 };
static int out;

/* VARS[0]: device a, VARS[1]: device out, VARS[2]: the inlined value.  */
static void
body (void *arg)
{
  void **vars = (void **) arg;
  int *da = (int *) vars[0];
  int *dout = (int *) vars[1];
  int k = (int) (intptr_t) vars[2];

  *dout = da[0] + da[1] + da[2] + da[3] + k;
  da[0] = 100;
}

int
main (void)
{
  void *addrs[3] = { a, &out, (void *) (intptr_t) 32 };
  size_t sizes[3] = { sizeof a, sizeof out, 0 };
  void *args[1] = { NULL };
  unsigned short kinds[3] = { 1 | (2 << 8),	/* to */
			      2 | (2 << 8),	/* from */
			      0x0d };		/* firstprivate_int */

  GOMP_target_ext (-1, body, 3, addrs, sizes, kinds, 0, NULL, args);
  if (out != 42 || a[0] != 1)
    abort ();
  return 0;
}
