/* { dg-set-target-env-var GOMPTARGET_PROFILE_DEVICE_TIMES "all" } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   GOMPTARGET_PROFILE with the nvptx plugin on its emulated GPU: the
   regions by their host functions' names, the copies, one track per host
   thread (libgomptarget.profile/profile-trace-body.h); with
   GOMPTARGET_PROFILE_DEVICE_TIMES=all, the times of the kernels by their
   own clock (%globaltimer) and of the copies by CUDA events (the
   emulated driver's clock).  */

#define DEVICE_TIMES 1
#define DEVICE_COPY_TIMES 1
#include "../libgomptarget.profile/profile-trace-body.h"

/* { dg-final { gomptarget-output-includes {trace: ok} } } */
