/* device-spin.h -- a region's body that spins for a while, timed by
   omp_get_wtime (the preprocessor runs for the host only, so one source
   serves every device).  On nvptx GCC's omp_get_wtime counts the
   processor's cycles at the rate the driver gives, which a GPU's boost
   clock outruns by a few per cent (1998.3 us for 2000 on an H100).
   Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1  */

#ifndef DEVICE_SPIN_H
#define DEVICE_SPIN_H

#include <omp.h>

#pragma omp declare target
static double
now_us (void)
{
  return omp_get_wtime () * 1e6;
}

/* Spin for US microseconds.  */
static void
spin (double us)
{
  double t0 = now_us ();

  while (now_us () - t0 < us)
    ;
}
#pragma omp end declare target

#endif /* DEVICE_SPIN_H */
