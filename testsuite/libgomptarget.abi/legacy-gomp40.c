/* { dg-do run } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   The GOMP_4.0 entry points GOMP_target_data, GOMP_target,
   GOMP_target_update and GOMP_target_end_data with 8-bit map kinds
   (low 3 bits kind, alignment log2 above) map, run, update and unmap
   correctly.  */

#include <stdlib.h>
#include <stddef.h>

extern void GOMP_target (int, void (*) (void *), const void *, size_t,
			 void **, size_t *, unsigned char *);
extern void GOMP_target_data (int, const void *, size_t, void **, size_t *,
			      unsigned char *);
extern void GOMP_target_end_data (void);
extern void GOMP_target_update (int, const void *, size_t, void **, size_t *,
				unsigned char *);

#define K_TO 1
#define K_FROM 2
#define K_TOFROM 3
#define ALIGN_INT (2 << 3)

#define N 16

static int a[N];
static int x = 5;

/* The body of the region: ARG is the array of device addresses.  */
static void
body (void *arg)
{
  void **vars = (void **) arg;
  int *da = (int *) vars[0];
  int *dx = (int *) vars[1];
  int j;

  for (j = 0; j < N; j++)
    da[j] += *dx;
  *dx = 1000;
}

int
main (void)
{
  void *data_addrs[1] = { a };
  size_t data_sizes[1] = { sizeof a };
  unsigned char data_kinds[1] = { K_TOFROM | ALIGN_INT };
  void *addrs[2] = { a, &x };
  size_t sizes[2] = { sizeof a, sizeof x };
  unsigned char kinds[2] = { K_TOFROM | ALIGN_INT, K_TO | ALIGN_INT };
  unsigned char upd_kinds[1] = { K_FROM | ALIGN_INT };
  int i;

  for (i = 0; i < N; i++)
    a[i] = i;

  GOMP_target_data (-1, NULL, 1, data_addrs, data_sizes, data_kinds);
  GOMP_target (-1, body, NULL, 2, addrs, sizes, kinds);
  /* a is still mapped by the data construct: the host copy is stale.  */
  if (a[1] != 1 || x != 5)
    abort ();
  GOMP_target_update (-1, NULL, 1, data_addrs, data_sizes, upd_kinds);
  if (a[1] != 6)
    abort ();
  a[0] = -1;
  GOMP_target_end_data ();
  for (i = 0; i < N; i++)
    if (a[i] != i + 5)
      abort ();
  if (x != 5)
    abort ();
  return 0;
}
