/* runner.c -- the initial thread of a target region that executes host
   code (host fallback, emulated devices).  OpenMP starts a target region
   with a fresh initial thread: one team of one thread, the device's
   initial ICVs, thread-limit-var from the thread_limit clause.  A thread
   that the native runtime has never seen is exactly that.

   A thread that looks fresh (the usual case: the initial thread outside
   parallel) runs the region in place, and gets back any ICV the region
   changed.  Any other thread -- inside a parallel or teams region, or
   with changed ICVs -- also runs it in place, under a second identity in
   the native runtime: GCC's libgomp keeps all its per-thread state in its
   thread-local storage block, whose initial image is that of a thread it
   has never seen, so the block is swapped with that thread's "device
   identity" (kept per thread, starting from the initial image) for the
   duration of the region.  The region then sees level 0, one thread and
   the initial ICVs, and its own parallel regions get a full team from a
   thread pool of their own.  Where the native runtime's block cannot be
   found, such a thread instead hands each region to a runner thread of
   its own and waits for it; the hand-off spins briefly before it sleeps
   on a futex.

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

#include "runner.h"
#include "lifecycle.h"
#include "context.h"
#include "icv-watch.h"
#include "entry-points.h"
#include "gt-lock.h"
#include "gt-once.h"

#include <dlfcn.h>
#include <link.h>
#include <omp.h>
#include <pthread.h>
#include <sched.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* How long either side spins before it sleeps (pause instructions),
   when there are processors to spare.  */
#define GT_RUNNER_SPIN 1000

/* How many times a waiter yields the processor before it sleeps, when
   there are no processors to spare.  */
#define GT_RUNNER_YIELDS 64

/* Hand-offs under way, and the processors there are: when each hand-off
   keeps two threads busy and there are more than the processors, waiting
   sleeps at once, so as not to take the processor from the thread being
   waited for.  */
static int handoffs;
static int processors;

enum runner_state
{
  RUNNER_IDLE,
  RUNNER_POSTED,
  RUNNER_DONE,
  RUNNER_QUIT
};

/* The ICVs a region can change through the OpenMP API.  A runner whose
   region changed one is replaced, so that the next region starts with the
   initial values again.  */
struct icv_snapshot
{
  int dynamic;
  int max_active_levels;
  int max_threads;
  int thread_limit;
  int chunk;
  omp_sched_t sched;
  omp_allocator_handle_t allocator;
};

static void
take_snapshot (struct icv_snapshot *s)
{
  s->dynamic = omp_get_dynamic ();
  s->max_active_levels = omp_get_max_active_levels ();
  s->max_threads = omp_get_max_threads ();
  s->thread_limit = omp_get_thread_limit ();
  omp_get_schedule (&s->sched, &s->chunk);
  s->allocator = omp_get_default_allocator ();
}

static bool
snapshot_equal (const struct icv_snapshot *a, const struct icv_snapshot *b)
{
  return a->dynamic == b->dynamic
	 && a->max_active_levels == b->max_active_levels
	 && a->max_threads == b->max_threads
	 && a->thread_limit == b->thread_limit && a->chunk == b->chunk
	 && a->sched == b->sched && a->allocator == b->allocator;
}

/* Set back the ICVs of this thread that differ in NOW from WANT.  */
static void
restore_snapshot (const struct icv_snapshot *want,
		  const struct icv_snapshot *now)
{
  if (now->dynamic != want->dynamic)
    omp_set_dynamic (want->dynamic);
  if (now->max_active_levels != want->max_active_levels)
    omp_set_max_active_levels (want->max_active_levels);
  if (now->max_threads != want->max_threads)
    omp_set_num_threads (want->max_threads);
  if (now->sched != want->sched || now->chunk != want->chunk)
    omp_set_schedule (want->sched, want->chunk);
  if (now->allocator != want->allocator)
    omp_set_default_allocator (want->allocator);
  if (now->thread_limit != want->thread_limit)
    GOMP_teams4 (1, 1, want->thread_limit == INT_MAX
			? UINT_MAX : (unsigned) want->thread_limit, 1);
}

/* The ICVs of a thread the native runtime has never seen.  */
static struct icv_snapshot fresh_icvs;
static bool fresh_icvs_valid;
static pthread_once_t fresh_once = PTHREAD_ONCE_INIT;
/* Set once fresh_once has run: then no call to pthread_once.  */
static bool fresh_done;

static void *
fresh_main (void *unused)
{
  (void) unused;
  take_snapshot (&fresh_icvs);
  return NULL;
}

static void
take_fresh_icvs (void)
{
  pthread_t t;

  if (pthread_create (&t, NULL, fresh_main, NULL) == 0)
    fresh_icvs_valid = pthread_join (t, NULL) == 0;
}

/* The counts of ICV changes (gt_icv_changes, gt_icv_thread_changes)
   when this thread last had the initial ICVs; 0: not known.  */
static GT_TLS unsigned long fresh_seen, fresh_thread_seen;

/* Set while this thread runs a region in place.  */
static GT_TLS bool running_in_place;

/* The native runtime's omp_in_explicit_task (OpenMP 5.2, GCC 13 and
   later), or NULL.  */
static int (*native_in_explicit_task) (void);
static pthread_once_t explicit_once = PTHREAD_ONCE_INIT;
static bool explicit_done;

static void
find_in_explicit_task (void)
{
  native_in_explicit_task
    = (int (*) (void)) gt_native_symbol ("omp_in_explicit_task");
}

/* Is the calling thread executing an explicit task (a final one, or any
   where the native runtime can tell)?  A target region encountered there
   -- a target task that the runtime executes at once, or the body of a
   nowait target's task -- must run as an implicit task that is not
   final, which this thread is not.  */
static bool
in_task (void)
{
  if (omp_in_final ())
    return true;
  gt_once (&explicit_once, &explicit_done, find_in_explicit_task);
  return native_in_explicit_task != NULL && native_in_explicit_task ();
}

/* Can the calling thread serve as a region's initial thread?  It can
   when nothing tells it from a fresh thread: no enclosing parallel or
   teams or explicit task, and the initial ICVs.  Then the hand-off is
   saved.  */
static bool
run_in_place (void (*fn) (void *), void *arg, int thread_limit)
{
  struct icv_snapshot now;
  unsigned long changes, thread_changes;
  int dd;
  bool dd_set, watched;

  if (running_in_place || omp_get_level () != 0
      || omp_get_num_teams () != 1 || in_task ())
    return false;
  gt_once (&fresh_once, &fresh_done, take_fresh_icvs);
  /* A thread limit other than a fresh thread's is set on a thread of
     the region's own.  */
  if (!fresh_icvs_valid
      || (thread_limit > 0 && thread_limit != fresh_icvs.thread_limit))
    return false;
  watched = gt_icv_watch_ready ();
  /* Read before the ICVs: a change made meanwhile is seen next time.  */
  changes = __atomic_load_n (&gt_icv_changes, __ATOMIC_ACQUIRE);
  thread_changes = gt_icv_thread_changes;
  if (!watched || changes != fresh_seen
      || thread_changes != fresh_thread_seen)
    {
      take_snapshot (&now);
      if (!snapshot_equal (&now, &fresh_icvs))
	return false;
      fresh_seen = changes;
      fresh_thread_seen = thread_changes;
    }
  gt_save_default_device (&dd, &dd_set);
  running_in_place = true;
  fn (arg);
  running_in_place = false;
  /* What the region changed was the region's, not the host thread's.  */
  if (!watched
      || __atomic_load_n (&gt_icv_changes, __ATOMIC_ACQUIRE) != changes
      || gt_icv_thread_changes != thread_changes)
    {
      take_snapshot (&now);
      if (!snapshot_equal (&fresh_icvs, &now))
	restore_snapshot (&fresh_icvs, &now);
    }
  gt_restore_default_device (dd, dd_set);
  return true;
}

/* ---- Running under a second identity in the native runtime.  ---- */

/* The native runtime's thread-local storage: its size and initial image
   (PT_TLS of the object defining GOMP_parallel), found once.  */
#define NATIVE_TLS_MAX 4096
static size_t native_tls_size;
static const void *native_tls_image;	/* FILESZ bytes, the rest zero.  */
static size_t native_tls_filesz;
static uintptr_t native_base;
static pthread_once_t native_tls_once = PTHREAD_ONCE_INIT;

/* This thread's native block, and the identity its regions run under
   (NULL until first needed).  */
static GT_TLS void *native_block;
static GT_TLS unsigned char *device_identity;
/* Frees a thread's device identity when the thread ends.  */
static pthread_key_t identity_key;
static bool identity_key_ok;

static int
find_native_tls (struct dl_phdr_info *info, size_t size, void *data)
{
  int i;

  (void) size;
  (void) data;
  if (info->dlpi_addr != native_base)
    return 0;
  for (i = 0; i < info->dlpi_phnum; i++)
    if (info->dlpi_phdr[i].p_type == PT_TLS)
      {
	native_tls_size = info->dlpi_phdr[i].p_memsz;
	native_tls_filesz = info->dlpi_phdr[i].p_filesz;
	native_tls_image = (const void *) (info->dlpi_addr
					   + info->dlpi_phdr[i].p_vaddr);
      }
  return 1;
}

static void
init_native_tls (void)
{
  Dl_info di;
  void *sym = gt_native_symbol ("GOMP_parallel");

  if (getenv ("GOMPTARGET_NO_IDENTITY_SWAP") != NULL
      || sym == NULL || dladdr (sym, &di) == 0)
    return;
  native_base = (uintptr_t) di.dli_fbase;
  identity_key_ok = pthread_key_create (&identity_key, free) == 0;
  dl_iterate_phdr (find_native_tls, NULL);
  if (native_tls_size == 0 || native_tls_size > NATIVE_TLS_MAX
      || native_tls_filesz > native_tls_size)
    native_tls_size = 0;
  gt_debug ("native runtime's thread state: %zu bytes%s", native_tls_size,
	    native_tls_size ? "" : " (regions inside parallel regions use "
				   "runner threads)");
}

static int
find_native_block (struct dl_phdr_info *info, size_t size, void *data)
{
  (void) size;
  if (info->dlpi_addr != native_base)
    return 0;
  *(void **) data = info->dlpi_tls_data;
  return 1;
}

/* Make this thread's device identity ready; false if it cannot be had.  */
static bool
identity_ready (void)
{
  if (GT_LIKELY (device_identity != NULL))
    return true;
  gt_once (&native_tls_once, NULL, init_native_tls);
  if (native_tls_size == 0)
    return false;
  dl_iterate_phdr (find_native_block, &native_block);
  if (native_block == NULL)
    return false;
  device_identity = gt_calloc (1, native_tls_size);
  memcpy (device_identity, native_tls_image, native_tls_filesz);
  if (identity_key_ok)
    pthread_setspecific (identity_key, device_identity);
  return true;
}

/* Run FN (ARG) in place as a fresh initial thread of the native runtime,
   under this thread's device identity.  */
static bool
run_swapped (void (*fn) (void *), void *arg, int thread_limit)
{
  unsigned char saved[NATIVE_TLS_MAX];
  struct icv_snapshot after;
  int dd;
  bool dd_set;

  gt_once (&fresh_once, &fresh_done, take_fresh_icvs);
  if (!fresh_icvs_valid || !identity_ready ())
    return false;
  memcpy (saved, native_block, native_tls_size);
  memcpy (native_block, device_identity, native_tls_size);
  gt_save_default_device (&dd, &dd_set);
  running_in_place = true;
  if (thread_limit > 0)
    GOMP_teams4 (1, 1, (unsigned) thread_limit, 1);
  fn (arg);
  running_in_place = false;
  /* The next region starts with the initial ICVs again.  */
  take_snapshot (&after);
  if (!snapshot_equal (&fresh_icvs, &after))
    restore_snapshot (&fresh_icvs, &after);
  memcpy (device_identity, native_block, native_tls_size);
  memcpy (native_block, saved, native_tls_size);
  gt_restore_default_device (dd, dd_set);
  return true;
}

struct gt_runner
{
  int state;			/* enum runner_state, accessed atomically.  */
  bool stale;			/* Its region changed an ICV: replace it.  */
  int sleepers;			/* Threads waiting on STATE in the kernel.  */
  void (*fn) (void *);
  void *arg;
  int thread_limit;
  pthread_t thread;
};

static GT_TLS struct gt_runner *thread_runner;
static pthread_key_t runner_key;
static pthread_once_t runner_once = PTHREAD_ONCE_INIT;

/* Wait until R->state differs from FROM; return the new state.  */
static int
wait_state (struct gt_runner *r, int from)
{
  int s, i, spin = GT_RUNNER_SPIN;

  if (2 * __atomic_load_n (&handoffs, __ATOMIC_RELAXED) > processors)
    spin = 0;
  for (i = 0; i < spin; i++)
    {
      s = __atomic_load_n (&r->state, __ATOMIC_ACQUIRE);
      if (s != from)
	return s;
      gt_cpu_relax ();
    }
  /* Oversubscribed: give the processor to the other side for a while
     (a yield switches to it directly when it waits on this processor),
     then sleep.  */
  for (i = 0; spin == 0 && i < GT_RUNNER_YIELDS; i++)
    {
      s = __atomic_load_n (&r->state, __ATOMIC_ACQUIRE);
      if (s != from)
	return s;
      sched_yield ();
    }
  for (;;)
    {
      __atomic_add_fetch (&r->sleepers, 1, __ATOMIC_SEQ_CST);
      s = __atomic_load_n (&r->state, __ATOMIC_SEQ_CST);
      if (s == from)
	gt_futex_wait (&r->state, from);
      __atomic_sub_fetch (&r->sleepers, 1, __ATOMIC_SEQ_CST);
      s = __atomic_load_n (&r->state, __ATOMIC_ACQUIRE);
      if (s != from)
	return s;
    }
}

/* wait_state, and what the other side did before its set_state seen
   (said to Helgrind and DRD here).  */
static int
wait_change (struct gt_runner *r, int from)
{
  int s = wait_state (r, from);

  GT_ANNOTATE_HAPPENS_AFTER (&r->state);
  return s;
}

static void
set_state (struct gt_runner *r, int s)
{
  GT_ANNOTATE_HAPPENS_BEFORE (&r->state);
  __atomic_store_n (&r->state, s, __ATOMIC_SEQ_CST);
  if (__atomic_load_n (&r->sleepers, __ATOMIC_SEQ_CST))
    gt_futex_wake (&r->state, INT_MAX);
}

static void *
runner_main (void *arg)
{
  struct gt_runner *r = arg;
  struct icv_snapshot initial, now;

  take_snapshot (&initial);
  for (;;)
    {
      int s = wait_change (r, RUNNER_IDLE);
      if (s == RUNNER_QUIT)
	return NULL;
      /* thread_limit of the construct: the native runtime's host teams
	 entry point sets thread-limit-var of this (fresh) thread.  */
      if (r->thread_limit > 0)
	GOMP_teams4 (1, 1, (unsigned) r->thread_limit, 1);
      r->fn (r->arg);
      take_snapshot (&now);
      r->stale = !snapshot_equal (&initial, &now);
      set_state (r, RUNNER_DONE);
      /* Wait for the caller to take the result before the next post.  */
      wait_change (r, RUNNER_DONE);
      if (__atomic_load_n (&r->state, __ATOMIC_ACQUIRE) == RUNNER_QUIT)
	return NULL;
    }
}

/* At the exit of a thread that had a runner: stop and join it.  */
static void
runner_destroy (void *arg)
{
  struct gt_runner *r = arg;

  set_state (r, RUNNER_QUIT);
  pthread_join (r->thread, NULL);
  free (r);
  thread_runner = NULL;
}

static void
make_runner_key (void)
{
  long n = sysconf (_SC_NPROCESSORS_ONLN);
  processors = n > 0 ? (int) n : 1;
  pthread_key_create (&runner_key, runner_destroy);
}

static struct gt_runner *
get_runner (void)
{
  struct gt_runner *r = thread_runner;
  int err;

  if (GT_LIKELY (r != NULL))
    return r;
  gt_once (&runner_once, NULL, make_runner_key);
  r = gt_calloc (1, sizeof *r);
  r->state = RUNNER_IDLE;
  err = pthread_create (&r->thread, NULL, runner_main, r);
  if (err != 0)
    gt_fatal ("cannot create the initial thread of a target region "
	      "(error %d)", err);
  pthread_setspecific (runner_key, r);
  thread_runner = r;
  return r;
}

/* In a child process made by fork (): the calling thread's initial
   thread stayed in the parent; the next region makes a new one.  */
static void
after_fork (void)
{
  if (thread_runner == NULL)
    return;
  /* Its memory is left: the thread that owned it is not here.  */
  thread_runner = NULL;
  pthread_setspecific (runner_key, NULL);
}

static void __attribute__ ((constructor))
register_after_fork (void)
{
  gt_fork_on_child (after_fork);
}

void
gt_run_on_initial_thread (void (*fn) (void *), void *arg, int thread_limit)
{
  struct gt_runner *r;

  if (run_in_place (fn, arg, thread_limit)
      || (!running_in_place && run_swapped (fn, arg, thread_limit)))
    return;
  r = get_runner ();

  r->fn = fn;
  r->arg = arg;
  r->thread_limit = thread_limit;
  __atomic_add_fetch (&handoffs, 1, __ATOMIC_RELAXED);
  set_state (r, RUNNER_POSTED);
  wait_change (r, RUNNER_POSTED);
  __atomic_sub_fetch (&handoffs, 1, __ATOMIC_RELAXED);
  if (GT_UNLIKELY (r->stale))
    {
      /* The next region gets a fresh initial thread.  */
      pthread_setspecific (runner_key, NULL);
      runner_destroy (r);
      return;
    }
  /* RUNNER_DONE: let the runner go back to waiting.  */
  set_state (r, RUNNER_IDLE);
}
