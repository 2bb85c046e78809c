/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   A C++ program's regions by their demangled names in GOMPTARGET_PROFILE
   and GOMPTARGET_SUMMARY (libgomptarget.profile/profile-cxx-body.h) with
   the gcn plugin on its emulated GPU.  */

#include "../libgomptarget.profile/profile-cxx-body.h"

/* { dg-final { gomptarget-output-includes {trace: ok} } } */
