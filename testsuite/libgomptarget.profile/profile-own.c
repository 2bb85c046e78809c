/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   GOMPTARGET_PROFILE marks the copies the runtime makes on its own
   (profile-own-body.h) on the emulated host device.  */

#include "profile-own-body.h"

/* { dg-final { gomptarget-output-includes {trace: ok} } } */
