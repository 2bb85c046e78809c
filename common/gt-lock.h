/* gt-lock.h -- the runtime's one lock and what it is built on, for the
   front end and the plugins alike: the pause of a spinning thread
   (gt_cpu_relax), sleeping on and waking a futex word (gt_futex_wait,
   gt_futex_wake), and gt_mutex_t, a lock of one word taken with one
   compare-and-swap whose waiters spin a little, yield the processor a
   few times, then sleep on the word.
   Header only: every function here is a few instructions, or a slow path
   of them.

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

#ifndef GT_COMMON_LOCK_H
#define GT_COMMON_LOCK_H

#include <linux/futex.h>
#include <stdbool.h>
#include <stddef.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "gt-common.h"
#include "gt-valgrind.h"

/* A pause in a spinning loop: lets the other hardware thread of the core
   run, and saves power.  */
static inline void
gt_cpu_relax (void)
{
#if defined (__x86_64__) || defined (__i386__)
  __builtin_ia32_pause ();
#endif
}

/* Sleep until *WORD is woken, unless it is no longer VAL (process-private
   futex; spurious returns are possible).  */
static inline void
gt_futex_wait (int *word, int val)
{
  syscall (SYS_futex, word, FUTEX_WAIT_PRIVATE, val, NULL, NULL, 0);
}

/* Wake up to N threads sleeping on WORD.  */
static inline void
gt_futex_wake (int *word, int n)
{
  syscall (SYS_futex, word, FUTEX_WAKE_PRIVATE, n, NULL, NULL, 0);
}

/* A lock: a word that is 0 when free, 1 when held, 2 when held and
   others may sleep on it.  Taking a free lock is one compare-and-swap,
   releasing it one exchange; a thread that finds it held spins a little,
   yields, then sleeps on the futex (gt-lock.c says why).  */
typedef struct
{
  int word;
} gt_mutex_t;

#define GT_MUTEX_INITIALIZER { 0 }

/* The slow path of gt_mutex_acquire: M was held (gt-lock.c).  */
void gt_mutex_wait (gt_mutex_t *m) GT_COMMON_HIDDEN;

static inline void
gt_mutex_acquire (gt_mutex_t *m)
{
  int v = 0;

  if (__builtin_expect (!__atomic_compare_exchange_n (&m->word, &v, 1, false,
						      __ATOMIC_ACQUIRE,
						      __ATOMIC_RELAXED), 0))
    gt_mutex_wait (m);
  GT_ANNOTATE_LOCK_ACQUIRED (m);
}

static inline void
gt_mutex_release (gt_mutex_t *m)
{
  GT_ANNOTATE_LOCK_RELEASED (m);
  if (__builtin_expect (__atomic_exchange_n (&m->word, 0, __ATOMIC_RELEASE)
			== 2, 0))
    gt_futex_wake (&m->word, 1);
}

#endif /* GT_COMMON_LOCK_H */
