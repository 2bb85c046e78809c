/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   GOMPTARGET_SUMMARY=FILE on the emulated host device, whose copies are
   exactly the work's: see the body.  */

#include "profile-summary-body.h"

/* { dg-final { gomptarget-output-includes {summary: ok} } } */
/* { dg-final { gomptarget-output-includes {gomptarget:\s+0\s+12308\s+12308\s+0\s+4096\s+3\n} } } */
