/* { dg-do run } */
/* { dg-gomptarget-gcc-min 13 } */
/* { dg-shouldfail "a request names no ancestor function" } */
/* { dg-gomptarget-exit-status 1 } */
/* { dg-final { gomptarget-output-includes {libgomptarget: Cannot find reverse-offload function} } } */
/* { dg-final { gomptarget-output-excludes {returned} } } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   A reverse-offload request for a device function that is no ancestor
   region's (what a plugin would pass on from a corrupt mailbox) is a
   fatal error with libgomp's message, not a call to a wild address.  */

#define BAD_REQUEST_DEVICE 0
#include "bad-request.h"
