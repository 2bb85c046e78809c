/* { dg-set-target-env-var GOMPTARGET_EMUL_CUDA_DEVICES "2" } */
/* { dg-set-target-env-var OMP_THREAD_LIMIT "2" } */
/* { dg-set-target-env-var OMP_THREAD_LIMIT_DEV "3" } */
/* { dg-set-target-env-var OMP_THREAD_LIMIT_DEV_1 "4" } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   The ICVs of device scope on two GPUs of the emulated CUDA driver:
   thread-limit-var alone, with no teams-thread-limit-var to take its place
   in a teams construct (GCC 12 passes a region without one as if it had
   one), from OMP_THREAD_LIMIT_DEV_1 and OMP_THREAD_LIMIT_DEV, not the
   host's OMP_THREAD_LIMIT (device-icvs-check.h says what is checked).  */

#include "nvptx-test.h"
#include "../libgomptarget.env/device-icvs-check.h"

int
main (void)
{
  need_gpus (2);
  return check_device_icvs (2, 1) != 0;
}

/* { dg-final { gomptarget-output-includes {device ICVs ok on 2 device} } } */
