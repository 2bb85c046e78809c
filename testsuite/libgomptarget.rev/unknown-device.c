/* { dg-do run } */
/* { dg-gomptarget-gcc-min 13 } */
/* { dg-shouldfail "a request of a device that does not exist" } */
/* { dg-gomptarget-exit-status 1 } */
/* { dg-final { gomptarget-output-includes {libgomptarget: reverse offload request of device 99, which does not exist} } } */
/* { dg-final { gomptarget-output-excludes {returned} } } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   A reverse-offload request of a device number that does not exist
   (what a plugin would pass on from a corrupt mailbox) is a fatal error,
   not a crash.  */

#define BAD_REQUEST_DEVICE 99
#include "bad-request.h"
