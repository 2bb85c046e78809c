/* runner.h -- the initial threads of the native runtime that regions run
   on (runner.c); constructs floor.

   Copyright (C) 2026 The gomptarget authors.

   This file is part of gomptarget.

   gomptarget is free software; you can redistribute it and/or modify it
   under the terms of the GNU General Public License as published by the
   Free Software Foundation; either version 3, or (at your option) any
   later version.

   gomptarget is distributed in the hope that it will be useful, but
   WITHOUT ANY WARRANTY; without even the implied warranty of
   MERCHANTABILITY or FITNESS FOR A PARTICULAR PURPOSE.  See the GNU
   General Public License for more details.

   Under Section 7 of GPL version 3, you are granted additional
   permissions described in the GCC Runtime Library Exception, version
   3.1, as published by the Free Software Foundation.  */

#ifndef GT_RUNNER_H
#define GT_RUNNER_H

#include "diagnostics.h"

/* Run FN (ARG) on a fresh initial thread of the native runtime, with
   THREAD_LIMIT (if > 0; INT_MAX: none) as its thread-limit-var instead of
   the host's; return when it is done.  */
void gt_run_on_initial_thread (void (*fn) (void *), void *arg,
			       int thread_limit) GT_HIDDEN;

#endif /* GT_RUNNER_H */
