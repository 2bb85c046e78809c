/* many-objects.h -- what index-many.c and tree-unlink.c share: N objects
   of SIZE bytes (both defined before this file is included), mapped and
   unmapped one by one with what should be mapped noted beside them, and
   orders of them shuffled with the same pseudo-random numbers on every
   run (xorshift64, Fisher-Yates).

   Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1  */

#ifndef MANY_OBJECTS_H
#define MANY_OBJECTS_H

static char *obj[N];
static int order[N];
static char mapped[N];

static unsigned long long seed = 88172645463325252ull;

static unsigned long
rnd (void)
{
  seed ^= seed << 13;
  seed ^= seed >> 7;
  seed ^= seed << 17;
  return (unsigned long) seed;
}

static void
shuffle (void)
{
  for (int i = N - 1; i > 0; i--)
    {
      int j = (int) (rnd () % (unsigned long) (i + 1)), t = order[i];
      order[i] = order[j];
      order[j] = t;
    }
}

static void
enter (int i)
{
  char *p = obj[i];
#pragma omp target enter data map(to: p[0:SIZE])
  mapped[i] = 1;
}

static void
leave (int i)
{
  char *p = obj[i];
#pragma omp target exit data map(from: p[0:SIZE])
  mapped[i] = 0;
}

#endif /* MANY_OBJECTS_H */
