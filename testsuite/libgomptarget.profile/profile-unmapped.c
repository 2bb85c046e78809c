/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   GOMPTARGET_PROFILE of regions without variables on the emulated host
   device: see the body.  */

#include "profile-unmapped-body.h"

/* { dg-final { gomptarget-output-includes {unmapped: ok} } } */
