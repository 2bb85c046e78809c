/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   GOMPTARGET_PROFILE of regions without variables with the nvptx plugin
   on its emulated GPU (libgomptarget.profile/profile-unmapped-body.h),
   with the kernels' times by the device's clock.  */

#define DEVICE_TIMES 1
#include "../libgomptarget.profile/profile-unmapped-body.h"

/* { dg-final { gomptarget-output-includes {unmapped: ok} } } */
