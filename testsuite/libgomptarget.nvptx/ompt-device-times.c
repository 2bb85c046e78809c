/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   OMPT trace records with the nvptx plugin on its emulated GPU: kernels
   and copies carry the times of their CUDA events, on the device's
   clock, which ompt_translate_time puts inside their constructs' spans
   (libgomptarget.ompt/ompt-device-times.h).  */

#define KERNEL_TIMES 4
#define COPY_TIMES 8
#include "../libgomptarget.ompt/ompt-device-times.h"

/* { dg-final { gomptarget-output-includes {device times: 4 kernels, 8 copies, 4 kernels and 8 copies on the device's clock: as expected, 0 bad} } } */
