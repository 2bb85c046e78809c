/* icv-watch.c -- a count of the calls that may change the native
   runtime's ICVs of a thread.  A region on an emulated device runs in
   place on a host thread only while that thread has the initial ICVs,
   and what the region changes is set back after it (runner.c); reading
   every ICV before and after each region is most of its cost.  The
   OpenMP routines that set those ICVs, C and Fortran, and the host teams
   construct, which sets thread-limit-var, are defined here too, at
   libgomp's version nodes: a program linked with this library calls them
   first, and they count the call and hand it to the native runtime
   (GOMP_teams4, defined in icv-device.c, counts too).  While the count
   stands still, no ICV has changed.

   The count is trusted only where calls reach this library first: where
   the program's omp_set_num_threads is another library's (linked before
   this one), gt_icv_watch_ready says no and the runner reads the ICVs
   every time.

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

#include "context.h"
#include "icv-watch.h"
#include "entry-points.h"
#include "gt-once.h"

#include <dlfcn.h>
#include <omp.h>
#include <pthread.h>
#include <stdint.h>

/* Start at 1: a thread's record of the count it checked starts at 0.  */
unsigned long gt_icv_changes = 1;
GT_TLS unsigned long gt_icv_thread_changes = 1;

void
gt_icv_changed (void)
{
  __atomic_add_fetch (&gt_icv_changes, 1, __ATOMIC_ACQ_REL);
}

/* The native runtime's routine NAME, found on first use.  */
static void *
native_routine (void **cache, const char *name)
{
  void *fn = __atomic_load_n (cache, __ATOMIC_ACQUIRE);

  if (GT_UNLIKELY (fn == NULL))
    {
      fn = gt_native_symbol (name);
      if (fn == NULL)
	gt_fatal ("the native OpenMP runtime has no %s", name);
      __atomic_store_n (cache, fn, __ATOMIC_RELEASE);
    }
  return fn;
}

/* Each routine: its name, parameters and the arguments passed on.
   Fortran passes arguments by reference (integer(4), or integer(8) for
   the _8_ forms); they are handed on untouched.  */
#define GT_ICV_SETTERS \
  SETTER (omp_set_num_threads, (int n), (n)) \
  SETTER (omp_set_num_threads_, (const void *n), (n)) \
  SETTER (omp_set_num_threads_8_, (const void *n), (n)) \
  SETTER (omp_set_dynamic, (int on), (on)) \
  SETTER (omp_set_dynamic_, (const void *on), (on)) \
  SETTER (omp_set_dynamic_8_, (const void *on), (on)) \
  SETTER (omp_set_nested, (int on), (on)) \
  SETTER (omp_set_nested_, (const void *on), (on)) \
  SETTER (omp_set_nested_8_, (const void *on), (on)) \
  SETTER (omp_set_max_active_levels, (int n), (n)) \
  SETTER (omp_set_max_active_levels_, (const void *n), (n)) \
  SETTER (omp_set_max_active_levels_8_, (const void *n), (n)) \
  SETTER (omp_set_schedule, (omp_sched_t kind, int chunk), (kind, chunk)) \
  SETTER (omp_set_schedule_, (const void *kind, const void *chunk), \
	  (kind, chunk)) \
  SETTER (omp_set_schedule_8_, (const void *kind, const void *chunk), \
	  (kind, chunk)) \
  SETTER (omp_set_default_allocator, (omp_allocator_handle_t a), (a)) \
  SETTER (omp_set_default_allocator_, (const void *a), (a)) \
  SETTER (GOMP_teams_reg, (void (*f) (void *), void *data, unsigned n, \
			   unsigned limit, unsigned flags), \
	  (f, data, n, limit, flags))

#define SETTER(NAME, PARAMS, ARGS) \
  GT_PUBLIC void NAME PARAMS; \
  void \
  NAME PARAMS \
  { \
    static void *native; \
    void (*fn) PARAMS \
      = (void (*) PARAMS) native_routine (&native, #NAME); \
    gt_icv_changed (); \
    fn ARGS; \
  }
GT_ICV_SETTERS
#undef SETTER

/* ---- Do the program's calls come here?  ---- */

static bool changes_watched;
static pthread_once_t watched_once = PTHREAD_ONCE_INIT;
static bool watched_known;

static void
check_watched (void)
{
  Dl_info seen, self;
  void *fn = dlsym (RTLD_DEFAULT, "omp_set_num_threads");

  changes_watched = fn != NULL && dladdr (fn, &seen) != 0
			   && dladdr ((void *) &gt_icv_changes, &self) != 0
			   && seen.dli_fbase == self.dli_fbase;
  if (!changes_watched)
    gt_debug ("omp_set_num_threads is not this library's (libgomp is "
	      "linked first?): regions on emulated devices read the ICVs "
	      "before and after each run");
}

bool
gt_icv_watch_ready (void)
{
  gt_once (&watched_once, &watched_known, check_watched);
  return changes_watched;
}
