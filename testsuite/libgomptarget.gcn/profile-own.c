/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   GOMPTARGET_PROFILE marks the copies the runtime makes on its own
   (libgomptarget.profile/profile-own-body.h) with the gcn plugin on its
   emulated GPU.  */

#include "../libgomptarget.profile/profile-own-body.h"

/* { dg-final { gomptarget-output-includes {trace: ok} } } */
