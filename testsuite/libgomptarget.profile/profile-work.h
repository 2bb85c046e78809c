/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   The known work of the GOMPTARGET_PROFILE and GOMPTARGET_SUMMARY tests:
   region scale._omp_fn.0 three times, each mapping 4096 bytes to and
   from the device; region on_thread._omp_fn.0 once from each of two host
   threads, each mapping an int to and from the device; three nowait
   regions of chain (), the third depending on the first, each mapping
   an int to and from the device, waited for by taskwait.  */

#include <omp.h>

#define N 1024

static void
scale (int *a)
{
#pragma omp target map(tofrom: a[0:N])
  for (int i = 0; i < N; i++)
    a[i] *= 2;
}

static int
on_thread (int x)
{
#pragma omp target map(tofrom: x)
  x += 1;
  return x;
}

static int y, z, w, dep;

static void
chain (void)
{
#pragma omp target nowait map(tofrom: y) depend(out: dep)
  y += 1;
#pragma omp target nowait map(tofrom: w)
  w += 100;
#pragma omp target nowait map(tofrom: z) depend(inout: dep)
  z += 10;
#pragma omp taskwait
}

/* The bytes the work copies each way.  */
#define WORK_BYTES (3 * N * sizeof (int) + 5 * sizeof (int))

static void
work (void)
{
  static int a[N];
  int r[2] = { 0, 0 };

  for (int i = 0; i < N; i++)
    a[i] = i;
  for (int k = 0; k < 3; k++)
    scale (a);
  for (int i = 0; i < N; i++)
    if (a[i] != 8 * i)
      fail ("a[%d] = %d", i, a[i]);
#pragma omp parallel num_threads(2)
  r[omp_get_thread_num ()] = on_thread (omp_get_thread_num ());
  if (r[0] != 1 || r[1] != 2)
    fail ("r = %d %d", r[0], r[1]);
  chain ();
  if (y != 1 || z != 10 || w != 100)
    fail ("y = %d, z = %d, w = %d", y, z, w);
}

