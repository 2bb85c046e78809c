/* gt-valgrind.h -- what Helgrind and DRD are told of the runtime's own
   synchronisation: the locks built on atomics and futexes (the front
   end's gt_mutex_t, the plugin core's queue locks) and the hand-offs
   that publish data through an atomic word.  Without --enable-valgrind-
   annotations every macro is empty and nothing of Valgrind is included;
   with it, each is a client request, a few instructions that do nothing
   outside Valgrind.

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

#ifndef GT_COMMON_VALGRIND_H
#define GT_COMMON_VALGRIND_H

#include "config.h"

#ifdef GT_VALGRIND_ANNOTATIONS

/* helgrind.h first: drd.h then leaves it the ANNOTATE_* macros, whose
   Helgrind requests DRD understands too.  */
#include <valgrind/helgrind.h>
#include <valgrind/drd.h>

/* WORD is only ever read and written with atomic builtins, which the
   tools cannot tell from plain accesses: not checked.  */
#define GT_ANNOTATE_ATOMIC(word)					\
  do									\
    {									\
      VALGRIND_HG_DISABLE_CHECKING ((word), sizeof *(word));		\
      VALGRIND_DO_CLIENT_REQUEST_STMT (VG_USERREQ__DRD_START_SUPPRESSION, \
				       (word), sizeof *(word), 0, 0, 0); \
    }									\
  while (0)

/* LOCK, the word of a lock built on atomics: taken (exclusively), about
   to be released.  A lock first seen taken needs no creation.  */
#define GT_ANNOTATE_LOCK_ACQUIRED(lock)					\
  do									\
    {									\
      GT_ANNOTATE_ATOMIC (lock);					\
      ANNOTATE_RWLOCK_ACQUIRED ((lock), 1);				\
    }									\
  while (0)
#define GT_ANNOTATE_LOCK_RELEASED(lock) ANNOTATE_RWLOCK_RELEASED ((lock), 1)

/* What a thread did before GT_ANNOTATE_HAPPENS_BEFORE (FLAG) and its
   release store to the atomic word FLAG happens before what another
   does after an acquire load that saw the store and a
   GT_ANNOTATE_HAPPENS_AFTER (FLAG).  */
#define GT_ANNOTATE_HAPPENS_BEFORE(flag)				\
  do									\
    {									\
      GT_ANNOTATE_ATOMIC (flag);					\
      ANNOTATE_HAPPENS_BEFORE (flag);					\
    }									\
  while (0)
#define GT_ANNOTATE_HAPPENS_AFTER(flag) ANNOTATE_HAPPENS_AFTER (flag)

#else

#define GT_ANNOTATE_ATOMIC(word) ((void) 0)
#define GT_ANNOTATE_LOCK_ACQUIRED(lock) ((void) 0)
#define GT_ANNOTATE_LOCK_RELEASED(lock) ((void) 0)
#define GT_ANNOTATE_HAPPENS_BEFORE(flag) ((void) 0)
#define GT_ANNOTATE_HAPPENS_AFTER(flag) ((void) 0)

#endif

#endif /* GT_COMMON_VALGRIND_H */
