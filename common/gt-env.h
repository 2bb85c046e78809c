/* gt-env.h -- numbers from the environment, parsed the same way by the
   front end and the plugins: the one parser of GOMP_DEBUG and of
   GOMPTARGET_QUEUES.

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

#ifndef GT_COMMON_ENV_H
#define GT_COMMON_ENV_H

#include <stdbool.h>

#include "gt-common.h"

/* A non-negative integer from the environment, at most MAX; DEFLT when
   unset; a warning and DEFLT when malformed.  */
long gt_env_number (const char *name, long deflt, long max)
  GT_COMMON_HIDDEN;

/* The GOMP_DEBUG level, from 0 (unset or malformed) to 100 (any larger
   number): the one parser of GOMP_DEBUG, for the front end and the
   plugins alike.  A malformed value is not reported: GCC's libgomp,
   always loaded beside us, reads GOMP_DEBUG too and says "Invalid value
   for environment variable GOMP_DEBUG" for whatever is not a
   non-negative number, which is what is malformed here too.  */
int gt_env_debug_level (void) GT_COMMON_HIDDEN;

/* GOMPTARGET_QUEUES, the number of queues of each device of every
   plugin, from 1 to 64 (default 8): its one parser.  WARN as above: the
   front end reports a bad value once, however many plugins read it.  */
int gt_env_queues (bool warn) GT_COMMON_HIDDEN;

#endif /* GT_COMMON_ENV_H */
