/* { dg-set-target-env-var GOMPTARGET_PROFILE_DEVICE_TIMES "0" } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   GOMPTARGET_PROFILE_DEVICE_TIMES=0 with the nvptx plugin on its emulated
   GPU: the OMPT trace records of kernels and copies keep the host's times
   (libgomptarget.ompt/ompt-device-times.h).  */

#define KERNEL_TIMES 0
#define COPY_TIMES 0
#include "../libgomptarget.ompt/ompt-device-times.h"

/* { dg-final { gomptarget-output-includes {device times: 4 kernels, 8 copies, 0 kernels and 0 copies on the device's clock: as expected, 0 bad} } } */
