/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   GOMPTARGET_PROFILE with the nvptx plugin on its emulated GPU: the
   regions by their host functions' names, the copies, one track per host
   thread (libgomptarget.profile/profile-trace-body.h).  */

#include "../libgomptarget.profile/profile-trace-body.h"

/* { dg-final { gomptarget-output-includes {trace: ok} } } */
