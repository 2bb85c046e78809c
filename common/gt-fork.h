/* gt-fork.h -- the one retry loop of the fork handlers of the front end
   and of the plugin core: take every lock before fork (), waiting a
   while for those other threads hold.

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

#ifndef GT_COMMON_FORK_H
#define GT_COMMON_FORK_H

#include <stdbool.h>
#include <time.h>

/* Give up taking every lock after this long (a lock held by the forking
   thread itself, or held for long by others): the child then frees the
   locks as they are.  */
#define GT_FORK_PREPARE_LIMIT_NS 2000000000L

/* Call TAKE_ALL (ARG), which takes every lock or, when one is busy,
   releases those it took and returns false, until it succeeds, pausing
   100 us between tries, for at most GT_FORK_PREPARE_LIMIT_NS.  Return
   whether every lock is held.  */
static inline bool
gt_fork_take_all (bool (*take_all) (void *arg), void *arg)
{
  struct timespec pause = { 0, 100000 };
  long waited = 0;

  for (;;)
    {
      if (take_all (arg))
	return true;
      if (waited >= GT_FORK_PREPARE_LIMIT_NS)
	return false;
      nanosleep (&pause, NULL);
      waited += pause.tv_nsec;
    }
}

#endif /* GT_COMMON_FORK_H */
