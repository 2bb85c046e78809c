/* { dg-do run } */
/* { dg-set-target-env-var GOMPTARGET_HOST_DEVICES "2" } */
/* { dg-set-target-env-var OMP_NUM_TEAMS_ALL "9" } */
/* { dg-set-target-env-var OMP_NUM_TEAMS_DEV "5" } */
/* { dg-set-target-env-var OMP_NUM_TEAMS_DEV_0 "3" } */
/* { dg-set-target-env-var OMP_TEAMS_THREAD_LIMIT_ALL "9" } */
/* { dg-set-target-env-var OMP_TEAMS_THREAD_LIMIT_DEV "4" } */
/* { dg-set-target-env-var OMP_TEAMS_THREAD_LIMIT_DEV_0 "2" } */
/* { dg-set-target-env-var OMP_THREAD_LIMIT_ALL "9" } */
/* { dg-set-target-env-var OMP_THREAD_LIMIT_DEV "2" } */
/* { dg-set-target-env-var OMP_THREAD_LIMIT_DEV_0 "4" } */
/* { dg-set-target-env-var OMP_DEFAULT_DEVICE_ALL "1" } */
/* { dg-set-target-env-var OMP_DEFAULT_DEVICE_DEV "3" } */
/* { dg-set-target-env-var OMP_DEFAULT_DEVICE_DEV_0 "2" } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   The ICVs of device scope on two emulated devices: _DEV_0 over _DEV over
   _ALL (device-icvs-check.h says what is checked).  */

#include "device-icvs-check.h"

int
main (void)
{
  return check_device_icvs (2, 0) != 0;
}

/* { dg-final { gomptarget-output-includes {device ICVs ok on 2 device} } } */
