/* { dg-set-target-env-var OMP_TARGET_OFFLOAD "mandatory" } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   Sixteen threads, twice the default number of queues, run synchronous
   regions mapping data both ways on the emulated GCN device
   (libgomptarget.threads/more-threads-than-queues.c).  */

#include "../libgomptarget.threads/more-threads-than-queues.c"
