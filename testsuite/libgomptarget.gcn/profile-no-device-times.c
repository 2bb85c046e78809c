/* { dg-set-target-env-var GOMPTARGET_PROFILE_DEVICE_TIMES "0" } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   GOMPTARGET_PROFILE_DEVICE_TIMES=0 with the gcn plugin on its emulated
   GPU: the trace of libgomptarget.profile/profile-trace-body.h without
   the device's own times of kernels and copies (which cost vendor calls
   per operation), everything else as with them.  */

#define NO_DEVICE_TIMES 1
#include "../libgomptarget.profile/profile-trace-body.h"

/* { dg-final { gomptarget-output-includes {trace: ok} } } */
