/* GOMPTARGET_EMUL_CUDA_JITTER=1: every call of the driver first sleeps at
   least a microsecond, so 1000 calls take at least a millisecond (they
   take some tens of microseconds without it); the calls still work.
   Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1  */
/* { dg-set-target-env-var GOMPTARGET_EMUL_CUDA_JITTER "1" } */

#include <time.h>
#include "emul-cuda-test.h"

#define CALLS 1000

static double
now_us (void)
{
  struct timespec ts;
  clock_gettime (CLOCK_MONOTONIC, &ts);
  return ts.tv_sec * 1e6 + ts.tv_nsec / 1e3;
}

int
main (void)
{
  load_cuda ();
  CHECK (cu.cuInit (0));
  double t0 = now_us ();
  for (int i = 0; i < CALLS; i++)
    {
      int n = 0;
      CHECK (cu.cuDeviceGetCount (&n));
      if (n != 1)
	{
	  fprintf (stderr, "FAIL: %d devices\n", n);
	  return 1;
	}
    }
  double us = now_us () - t0;
  if (us < CALLS)
    {
      fprintf (stderr, "FAIL: %d calls took %.0f us\n", CALLS, us);
      return 1;
    }
  puts ("ok");
  return 0;
}
