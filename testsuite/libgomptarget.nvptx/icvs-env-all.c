/* { dg-set-target-env-var GOMPTARGET_EMUL_CUDA_DEVICES "2" } */
/* { dg-set-target-env-var OMP_NUM_TEAMS "9" } */
/* { dg-set-target-env-var OMP_NUM_TEAMS_ALL "4" } */
/* { dg-set-target-env-var OMP_NUM_TEAMS_DEV_1 "6" } */
/* { dg-set-target-env-var OMP_TEAMS_THREAD_LIMIT "9" } */
/* { dg-set-target-env-var OMP_TEAMS_THREAD_LIMIT_ALL "3" } */
/* { dg-set-target-env-var OMP_TEAMS_THREAD_LIMIT_DEV_1 "2" } */
/* { dg-set-target-env-var OMP_THREAD_LIMIT "2" } */
/* { dg-set-target-env-var OMP_THREAD_LIMIT_ALL "5" } */
/* { dg-set-target-env-var OMP_THREAD_LIMIT_DEV_1 "3" } */
/* { dg-set-target-env-var OMP_DEFAULT_DEVICE "1" } */
/* { dg-set-target-env-var OMP_DEFAULT_DEVICE_ALL "2" } */
/* { dg-set-target-env-var OMP_DEFAULT_DEVICE_DEV_1 "3" } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   The ICVs of device scope on two GPUs of the emulated CUDA driver: the
   forms without a suffix (the host's), _ALL, and _DEV_1 over _ALL (device-
   icvs-check.h says what is checked).  */

#include "nvptx-test.h"
#include "../libgomptarget.env/device-icvs-check.h"

int
main (void)
{
  need_gpus (2);
  return check_device_icvs (2, 1) != 0;
}

/* { dg-final { gomptarget-output-includes {device ICVs ok on 2 device} } } */
