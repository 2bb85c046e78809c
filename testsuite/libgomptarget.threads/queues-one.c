/* { dg-do run } */
/* { dg-set-target-env-var GOMPTARGET_QUEUES "1" } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   more-threads-than-queues.c with one queue for four threads.  */

#define NT 4
#include "more-threads-than-queues.c"
