/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   OMPT trace records on the emulated host device, which takes no times
   of its own: every kernel and copy has the host's clock, which
   ompt_translate_time leaves as it is (ompt-device-times.h).  */

#define KERNEL_TIMES 0
#define COPY_TIMES 0
#include "ompt-device-times.h"

/* { dg-final { gomptarget-output-includes {device times: 4 kernels, 8 copies, 0 kernels and 0 copies on the device's clock: as expected, 0 bad} } } */
