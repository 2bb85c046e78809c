/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   GOMPTARGET_SUMMARY's peaks of device memory and of the mapping table,
   and its time waited, against known work (profile-figures-body.h) on
   the emulated host device.  */

#include "profile-figures-body.h"

/* { dg-final { gomptarget-output-includes {summary: ok} } } */
