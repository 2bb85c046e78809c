/* { dg-do run } */
/* { dg-set-target-env-var GOMP_DEBUG "1" } */
/* { dg-final { gomptarget-output-includes {(^|\n)gomptarget: launch region work\._omp_fn\.0 on device 0 \(entry 0x[0-9a-f]+, } } } */
/* { dg-final { gomptarget-output-includes {(^|\n)gomptarget: launch region later\._omp_fn\.0 on device 0 } } } */
/* { dg-final { gomptarget-output-excludes {mapping table|refcount} } } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   GOMP_DEBUG=1 names regions by their host function but does not dump
   the mapping table (that takes GOMP_DEBUG=2).  */

#include "debug-maps-prog.h"
