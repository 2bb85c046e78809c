/* { dg-do run } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   The map kinds of the present modifier (GCC 14 emits them; here they are
   given by hand, so that GCC 12 builds the test too) on data that is
   present: FORCE_PRESENT (map(present, ...)) maps like alloc, copying
   nothing; ALWAYS_PRESENT_TO/FROM/TOFROM copy every time, in a region
   and in target update; in exit data FORCE_PRESENT is map(present, from:),
   copied back when the last reference goes.  */

#include <stddef.h>
#include <stdlib.h>

extern void GOMP_target_ext (int, void (*) (void *), size_t, void **,
			     size_t *, unsigned short *, unsigned int,
			     void **, void **);
extern void GOMP_target_update_ext (int, size_t, void **, size_t *,
				    unsigned short *, unsigned int, void **);
extern void GOMP_target_enter_exit_data (int, size_t, void **, size_t *,
					 unsigned short *, unsigned int,
					 void **);

#define FORCE_PRESENT 0x06
#define ALWAYS_PRESENT_TO 0x95
#define ALWAYS_PRESENT_FROM 0x96
#define ALWAYS_PRESENT_TOFROM 0x97
#define ALIGN4 (2 << 8)

static int a[4];

/* Regions: read a[0] into *out (its second argument), or add one to each
   element of a.  */
static void
read_first (void *v)
{
  int *da = ((int **) v)[0], *out = ((int **) v)[1];
  *out = da[0];
}

static void
increment (void *v)
{
  int *da = ((int **) v)[0];
  for (int i = 0; i < 4; i++)
    da[i]++;
}

static int
region_read (unsigned short kind)
{
  int out = -1;
  void *h[2] = { a, &out };
  size_t s[2] = { sizeof a, sizeof out };
  unsigned short k[2] = { kind | ALIGN4, 0x02 | ALIGN4 };

  GOMP_target_ext (0, read_first, 2, h, s, k, 0, NULL, NULL);
  return out;
}

static void
region_increment (unsigned short kind)
{
  void *h[1] = { a };
  size_t s[1] = { sizeof a };
  unsigned short k[1] = { kind | ALIGN4 };

  GOMP_target_ext (0, increment, 1, h, s, k, 0, NULL, NULL);
}

static void
update (unsigned short kind)
{
  void *h[1] = { a };
  size_t s[1] = { sizeof a };
  unsigned short k[1] = { kind | ALIGN4 };

  GOMP_target_update_ext (0, 1, h, s, k, 0, NULL);
}

int
main (void)
{
  a[0] = 1;
#pragma omp target enter data map(to: a) device(0)
  a[0] = 2;
  /* Present, nothing copied: the device still has 1.  */
  if (region_read (FORCE_PRESENT) != 1)
    abort ();
  /* always, present, to: copied.  */
  if (region_read (ALWAYS_PRESENT_TO) != 2)
    abort ();
  /* present (no always): not copied back.  */
  region_increment (FORCE_PRESENT);
  if (a[0] != 2)
    abort ();
  /* always, present, from: copied back (device 3 + 1).  */
  region_increment (ALWAYS_PRESENT_FROM);
  if (a[0] != 4)
    abort ();
  /* always, present, tofrom: both.  */
  a[0] = 10;
  region_increment (ALWAYS_PRESENT_TOFROM);
  if (a[0] != 11)
    abort ();

  /* target update to/from(present: a).  */
  a[1] = 20;
  update (ALWAYS_PRESENT_TO);
  a[1] = 0;
  update (ALWAYS_PRESENT_FROM);
  if (a[1] != 20)
    abort ();

  /* exit data map(present, from: a): the last reference, copied back.  */
  region_increment (FORCE_PRESENT);
  {
    void *h[1] = { a };
    size_t s[1] = { sizeof a };
    unsigned short k[1] = { FORCE_PRESENT | ALIGN4 };
    GOMP_target_enter_exit_data (0, 1, h, s, k, 2, NULL);
  }
  if (a[0] != 12 || a[1] != 21)
    abort ();
  return 0;
}
