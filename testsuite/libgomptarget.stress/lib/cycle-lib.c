/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   A shared object with offload images of its own (a region and a
   declare target variable), for dlopen-cycle.c, which opens and closes
   it again and again.  Built as cycle-lib.so by stress.exp with the same
   offload flags as the program.  */

#include <omp.h>

int cycle_bias = 11;
#pragma omp declare target (cycle_bias)

/* Sum of A[0..N) plus the device's cycle_bias, computed on the default
   device; *ON_DEVICE says whether it ran on a device.  */
long
cycle_region (const long *a, int n, int *on_device)
{
  long s = 0;
  int dev = 0;
#pragma omp target map(to: a[0:n]) map(from: s, dev)
  {
    s = 0;
    for (int i = 0; i < n; i++)
      s += a[i];
    s += cycle_bias;
    dev = !omp_is_initial_device ();
  }
  *on_device = dev;
  return s;
}

/* Set cycle_bias on the host and on the default device.  */
void
cycle_set_bias (int b)
{
  cycle_bias = b;
#pragma omp target update to(cycle_bias)
}
