/* { dg-do run } */
/* { dg-set-target-env-var GOMP_DEBUG "2" } */
/* The keys counted are the program's maps: UBSan's checks in a region
   (contrib/check-asan) would map their data too.  */
/* { dg-additional-options "-fno-sanitize=undefined" } */
/* { dg-final { gomptarget-output-includes {(^|\n)gomptarget: device 0: mapping table at entry of region work\._omp_fn\.0: 3 key\(s\)\n} } } */
/* { dg-final { gomptarget-output-includes {(^|\n)gomptarget: device 0:   \[0x[0-9a-f]+,0x[0-9a-f]+\) 256 bytes -> 0x[0-9a-f]+, refcount infinite, declare target} } } */
/* { dg-final { gomptarget-output-includes {(^|\n)gomptarget: device 0:   \[0x[0-9a-f]+,0x[0-9a-f]+\) 400 bytes -> 0x[0-9a-f]+, refcount 2, mapped\n} } } */
/* { dg-final { gomptarget-output-includes {(^|\n)gomptarget: device 0:   \[0x[0-9a-f]+,0x[0-9a-f]+\) 4 bytes -> 0x[0-9a-f]+, refcount 1, mapped\n} } } */
/* { dg-final { gomptarget-output-includes {(^|\n)gomptarget: launch region work\._omp_fn\.0 on device 0 \(entry 0x[0-9a-f]+, 3 argument} } } */
/* { dg-final { gomptarget-output-includes {(^|\n)gomptarget: device 0: mapping table at exit of region work\._omp_fn\.0: 2 key\(s\)\n[^\n]*refcount infinite[^\n]*\n[^\n]* 400 bytes [^\n]*refcount 1, mapped\n} } } */
/* { dg-final { gomptarget-output-includes {(^|\n)gomptarget: launch region later\._omp_fn\.0 on device 0 } } } */
/* { dg-final { gomptarget-output-count {mapping table at exit of region later\._omp_fn\.0} 1 } } */
/* { dg-final { gomptarget-output-excludes {(^|\n)(?!gomptarget: )[^\n]} } } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   GOMP_DEBUG=2 adds the device's mapping table at each region's entry
   and exit (host range, size, device address, reference count, kind);
   regions are named by their host function, a static one too; every
   line starts with 'gomptarget: '.  */

#include "debug-maps-prog.h"
