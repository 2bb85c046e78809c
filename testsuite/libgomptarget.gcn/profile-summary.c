/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   GOMPTARGET_SUMMARY=FILE with the gcn plugin on its emulated GPU
   (libgomptarget.profile/profile-summary-body.h).  */

#include "../libgomptarget.profile/profile-summary-body.h"

/* { dg-final { gomptarget-output-includes {summary: ok} } } */
