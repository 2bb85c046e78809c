/* diagnostics.h -- what every file of the front end uses: visibility,
   thread-local and branch-hint macros, fatal errors, warnings and the
   GOMP_DEBUG trace, the checked allocation helpers, and the locks, which
   a fatal error releases.

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

#ifndef GT_DIAGNOSTICS_H
#define GT_DIAGNOSTICS_H

#include "config.h"
#include "gt-lock.h"

#include <pthread.h>
#include <stdbool.h>
#include <stddef.h>

#define GT_HIDDEN __attribute__ ((visibility ("hidden")))
#define GT_PUBLIC __attribute__ ((visibility ("default")))
/* Thread-local data: the library is linked or preloaded, never opened
   late, so the static TLS model is safe and saves a call per access.  */
#define GT_TLS __thread __attribute__ ((tls_model ("initial-exec")))
#define GT_LIKELY(x) __builtin_expect (!!(x), 1)
#define GT_UNLIKELY(x) __builtin_expect (!!(x), 0)

/* The GOMP_DEBUG level; 0 = quiet.  */
extern int gt_debug_level GT_HIDDEN;

/* From this GOMP_DEBUG level on, the trace adds the device's mapping
   table at the entry and the exit of each target region
   (gt_map_dump_locked).  A level rather than a variable of its own:
   GOMP_DEBUG is a number already (libgomp reads it as one), the dump
   is only of use beside the trace, and a launch tests the one level it
   reads anyway.  */
#define GT_DEBUG_MAPS 2

/* Report a fatal error and exit with status 1.  It first releases every
   lock the calling thread holds (see gt_lock below), so that what runs
   at exit (device teardown) can take them.  */
/* Set (atomically) by gt_fatal and by a plugin whose device ends the
   program (GOMPTARGET_PLUGIN_device_ends_program): what runs at exit
   leaves the devices alone and takes no lock of theirs -- another thread
   may hold one while it waits for a device that never finishes.  */
extern bool gt_exiting_on_error GT_HIDDEN;

/* Cold, as are gt_debug_printf and the failure paths that lead to them:
   GCC moves those paths out of the hot functions (.text.unlikely), so
   that the launch path stays on few cache lines.  */
void gt_fatal (const char *fmt, ...)
  __attribute__ ((noreturn, cold, format (printf, 1, 2))) GT_HIDDEN;
void gt_warning (const char *fmt, ...)
  __attribute__ ((format (printf, 1, 2))) GT_HIDDEN;
void gt_debug_printf (const char *fmt, ...)
  __attribute__ ((cold, format (printf, 1, 2))) GT_HIDDEN;
#define gt_debug(...) \
  do { if (GT_UNLIKELY (gt_debug_level)) gt_debug_printf (__VA_ARGS__); } \
  while (0)
/* For trace lines: N written in BUF (of SIZE bytes), or "default" when N
   is 0 or less, a count left to the device's or the plugin's choice.  */
const char *gt_debug_count (int n, char *buf, size_t size) GT_HIDDEN;

void *gt_malloc (size_t) GT_HIDDEN __attribute__ ((malloc));
void *gt_calloc (size_t, size_t) GT_HIDDEN __attribute__ ((malloc));
void *gt_realloc (void *, size_t) GT_HIDDEN;
/* SIZE bytes of a big table read at random places (the mapping index,
   the slab's chunks): from half a huge page (2 MiB) on, rounded up to
   whole huge pages, aligned to them, and the kernel asked to back them
   with huge pages (transparent huge pages in their "madvise" mode), so
   that a read at random does not walk the page tables as well.  Freed
   with free.  */
void *gt_malloc_huge (size_t) GT_HIDDEN __attribute__ ((malloc));
/* The line size of the caches.  */
#define GT_CACHE_LINE 64
/* gt_calloc, in whole cache lines of their own (GT_CACHE_LINE): for data
   that each region reads, which must not share a line with data that
   other threads write (malloc puts small blocks side by side).  Freed
   with free.  */
void *gt_calloc_lines (size_t, size_t) GT_HIDDEN __attribute__ ((malloc));

/* ---- Locks.  ---- */

/* Every lock of the front end is taken with gt_lock and released with
   gt_unlock, which keep the locks the calling thread holds in a
   thread-local list.  gt_fatal releases them all before it reports and
   exits: no fatal error, wherever raised (a plugin call that failed, a
   mapping error deep in a *_locked function, running out of memory),
   leaves a lock held for the code that runs at exit.  Calling
   pthread_mutex_lock or pthread_mutex_unlock does not compile (they are
   poisoned at the end of this header): the front end's locks are
   gt_mutex_t (common/gt-lock.h).  */

/* The most locks a thread holds at once (a device's, the registry's).  */
#define GT_MAX_HELD_LOCKS 4

/* LOCK[1..N] are held, in the order they were taken; LOCK[0] stays
   NULL, so that gt_unlock needs no test for an empty list.  */
struct gt_held_locks
{
  unsigned n;
  gt_mutex_t *lock[GT_MAX_HELD_LOCKS + 1];
};

extern GT_TLS struct gt_held_locks gt_held_locks GT_HIDDEN;

/* A lock of static storage that fork () must leave whole (fork.c): its
   address goes into a list that the fork handlers walk, so that a child
   process never starts with a lock held by a thread that stayed in the
   parent.  Write GT_FORK_LOCK (NAME); after its definition.  */
#define GT_FORK_LOCK(name)						\
  static gt_mutex_t *const gt_fork_lock_##name				\
    __attribute__ ((used, section ("gt_fork_locks"))) = &name

/* The slow paths of gt_lock and gt_unlock (error.c).  */
void gt_lock_overflow (void) __attribute__ ((noreturn)) GT_HIDDEN;
void gt_forget_lock (gt_mutex_t *m) GT_HIDDEN;

static inline void
gt_lock (gt_mutex_t *m)
{
  unsigned n;

  gt_mutex_acquire (m);
  n = gt_held_locks.n + 1;
  if (GT_UNLIKELY (n > GT_MAX_HELD_LOCKS))
    {
      gt_mutex_release (m);
      gt_lock_overflow ();
    }
  gt_held_locks.lock[n] = m;
  gt_held_locks.n = n;
}

static inline void
gt_unlock (gt_mutex_t *m)
{
  unsigned n = gt_held_locks.n;

  /* Locks are released in the reverse order of taking, as a rule.  */
  if (GT_LIKELY (gt_held_locks.lock[n] == m))
    gt_held_locks.n = n - 1;
  else
    gt_forget_lock (m);
  gt_mutex_release (m);
}

/* Release every lock the calling thread holds: for gt_fatal only.  */
static inline void
gt_release_held_locks (void)
{
  while (gt_held_locks.n > 0)
    gt_mutex_release (gt_held_locks.lock[gt_held_locks.n--]);
}

#pragma GCC poison pthread_mutex_lock pthread_mutex_trylock
#pragma GCC poison pthread_mutex_unlock

#endif /* GT_DIAGNOSTICS_H */
