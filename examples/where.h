/* where.h -- a helper the examples share: say where a target region ran.
   Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1  */

#ifndef EXAMPLES_WHERE_H
#define EXAMPLES_WHERE_H

#include <stdio.h>
#include <omp.h>

/* Describe a place a region ran, from omp_is_initial_device () and
   omp_get_device_num () as seen inside the region.  */
static inline const char *
where (int initial, int devnum)
{
  static char buf[64];
  if (initial)
    snprintf (buf, sizeof buf, "the host (initial device %d)", devnum);
  else
    snprintf (buf, sizeof buf, "device %d", devnum);
  return buf;
}

#endif /* EXAMPLES_WHERE_H */
