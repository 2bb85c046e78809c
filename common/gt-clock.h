/* gt-clock.h -- gt_clock_ns, the one clock of the runtime's timings
   (GOMPTARGET_PROFILE's records of the front end and of the plugins'
   queues alike): nanoseconds of CLOCK_MONOTONIC.

   Copyright (C) 2026 The gomptarget authors.

   This file is part of gomptarget.

   under the terms of the GNU General Public License as published by the
   Free Software Foundation; either version 3, or (at your option) any
   later version.

   gomptarget is distributed in the hope that it will be useful, but
   WITHOUT ANY WARRANTY; without even the implied warranty of
   MERCHANTABILITY or FITNESS FOR A PARTICULAR PURPOSE.  See the GNU
   General Public License for more details.

   Under Section 7 of GPL version 3, you are granted additional
   permissions described in the GCC Runtime Library Exception, version
   3.1, as published by the Free Software Foundation.  */

#ifndef GT_COMMON_CLOCK_H
#define GT_COMMON_CLOCK_H

#include <stdint.h>
#include <time.h>

static inline uint64_t
gt_clock_ns (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_MONOTONIC, &ts);
  return (uint64_t) ts.tv_sec * 1000000000u + (uint64_t) ts.tv_nsec;
}

#endif /* GT_COMMON_CLOCK_H */
