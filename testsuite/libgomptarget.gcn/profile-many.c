/* Under ASan (contrib/check-asan) without LeakSanitizer: a child of
   fork () has only the thread that forked, and what the others held (the
   GCN plugin's server thread, a queue's thread's state) is reachable
   from nowhere there; LeakSanitizer itself warns that its reports are
   then false.  */
/* { dg-set-target-env-var ASAN_OPTIONS "detect_leaks=0" } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   GOMPTARGET_PROFILE keeps every record of a long run from several
   threads and across fork ()
   (libgomptarget.profile/profile-many-body.h) with the gcn plugin on its
   emulated GPU; fewer regions, which make more records each.  */

#define PER_THREAD 150
#define IN_CHILD 100

#include "../libgomptarget.profile/profile-many-body.h"

/* { dg-final { gomptarget-output-includes {many: ok} } } */
