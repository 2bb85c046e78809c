/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   GOMPTARGET_PROFILE keeps every record of a long run from several
   threads and across fork () (profile-many-body.h) on the emulated host
   device.  */

#include "profile-many-body.h"

/* { dg-final { gomptarget-output-includes {many: ok} } } */
