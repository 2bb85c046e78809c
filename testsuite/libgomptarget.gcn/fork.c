/* { dg-set-target-env-var GOMP_DEBUG "1" } */
/* Under ASan (contrib/check-asan) without LeakSanitizer: a child of
   fork () has only the thread that forked, and what the others held (the
   GCN plugin's server thread, a queue's thread's state) is reachable
   from nowhere there; LeakSanitizer itself warns that its reports are
   then false.  */
/* { dg-set-target-env-var ASAN_OPTIONS "detect_leaks=0" } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   fork () on the emulated HSA runtime: a child forked before the first
   construct uses the GPU as its parent does; one forked after the GPU was
   initialised cannot (its vendor library is not usable in a child) and
   runs its regions on the host, saying so under GOMP_DEBUG, instead of
   waiting for queues served by threads that stayed in the parent.
   Children that only exit end at once.  */

#define FORKED_ON_DEVICE 0
#include "../libgomptarget.devices/fork-body.h"

/* { dg-final { gomptarget-output-includes {fork before initialisation: ok} } } */
/* { dg-final { gomptarget-output-includes {fork after initialisation: ok} } } */
/* { dg-final { gomptarget-output-includes {device 0 \(plugin 'gcn'\) was initialised before fork \(\); not usable in the child process, running on the host} } } */
/* { dg-final { gomptarget-output-includes {a child that offloads once and exits: ok} } } */
