/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   OMPT trace records with the GCN plugin on its emulated GPU: kernels
   carry their HSA dispatch times, on the device's clock, which
   ompt_translate_time puts inside their constructs' spans; copies, of
   which the plugin takes no device times, keep the host's
   (libgomptarget.ompt/ompt-device-times.h).  */

#define KERNEL_TIMES 4
#define COPY_TIMES 0
#include "../libgomptarget.ompt/ompt-device-times.h"

/* { dg-final { gomptarget-output-includes {device times: 4 kernels, 8 copies, 4 kernels and 0 copies on the device's clock: as expected, 0 bad} } } */
