/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   Shared by the overlap-shapes tests of libgomptarget.tasks (the
   emulated host device), libgomptarget.nvptx and libgomptarget.gcn (the
   emulated GPUs): a nowait construct runs beside the thread that met it,
   in every team shape, and its completion is honoured where OpenMP says.

   Each region waits (up to TIMEOUT seconds) for a flag that the host sets
   only after the construct returned, then acknowledges it; the host, after
   setting the flag, waits (up to TIMEOUT seconds) for the acknowledgement
   before any wait for tasks.  A runtime that ran the region at the
   directive finds the flag never set; one that ran it where a thread
   waits for tasks (taskwait, barrier, ...) never acknowledges in time.
   The regions reach the flags through their host addresses: the emulated
   devices run in the host process.  */

#include <omp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#define TIMEOUT 5.0

static int flag, ack, next_k;

/* Dependence addresses, a fresh one for each test: a target task that
   depends on a host task the dependence table still holds is left to the
   native runtime, which starts it at its next task scheduling point.  */
static int deps[64], next_dep;

#pragma omp declare target
/* 1 when *P reached V, 0 after TIMEOUT seconds.  */
static int
wait_at_least (uintptr_t p, int v)
{
  double start = omp_get_wtime ();
  while (__atomic_load_n ((int *) p, __ATOMIC_ACQUIRE) < v)
    if (omp_get_wtime () - start > TIMEOUT)
      return 0;
  return 1;
}

/* The region's side of handshake K: 1 if it saw the flag.  */
static int
device_side (uintptr_t fp, uintptr_t ap, int k)
{
  if (!wait_at_least (fp, k))
    return 0;
  __atomic_store_n ((int *) ap, k, __ATOMIC_RELEASE);
  return 1;
}
#pragma omp end declare target

static void __attribute__ ((noreturn))
failed (const char *shape, const char *what)
{
  fprintf (stderr, "FAIL: %s: %s\n", shape, what);
  abort ();
}

/* The host's side of handshake K, after the construct returned.  */
static void
host_side (int k, const char *shape)
{
  __atomic_store_n (&flag, k, __ATOMIC_RELEASE);
  if (!wait_at_least ((uintptr_t) &ack, k))
    failed (shape, "the region did not run beside the host");
}

/* Start a nowait region for handshake K that stores what it saw in
   *SEEN; K.  */
static int
start_region (int *seen)
{
  uintptr_t fp = (uintptr_t) &flag, ap = (uintptr_t) &ack;
  int k = ++next_k;

  *seen = -1;
#pragma omp target nowait map(from: seen[0:1]) firstprivate(fp, ap, k)
  seen[0] = device_side (fp, ap, k);
  return k;
}

static void
check_seen (int seen, const char *shape)
{
  if (seen != 1)
    failed (shape, seen == 0 ? "the region never saw the flag"
			     : "the region was not complete");
}

/* A region, the host side, then WAIT.  */
#define SHAPE(name, wait)					\
  do {								\
    int seen_, k_ = start_region (&seen_);			\
    host_side (k_, name);					\
    wait;							\
    check_seen (seen_, name);					\
  } while (0)

static void
shapes_taskwait (void)
{
  SHAPE ("no parallel, taskwait", _Pragma ("omp taskwait"));
#pragma omp parallel num_threads(1)
  SHAPE ("parallel num_threads(1), taskwait", _Pragma ("omp taskwait"));
#pragma omp parallel num_threads(1)
#pragma omp single
  SHAPE ("parallel num_threads(1) single, taskwait",
	 _Pragma ("omp taskwait"));
#pragma omp parallel num_threads(2)
#pragma omp single
  SHAPE ("parallel num_threads(2) single, taskwait",
	 _Pragma ("omp taskwait"));
  /* In an (undeferred) host task outside any team, and in a deferred
     one in a team of one.  */
#pragma omp task
  SHAPE ("task, no parallel, taskwait", _Pragma ("omp taskwait"));
#pragma omp parallel num_threads(1)
#pragma omp single
#pragma omp task
  SHAPE ("task in parallel num_threads(1), taskwait",
	 _Pragma ("omp taskwait"));
}

static void
shapes_sync (void)
{
  int seen, k;

  /* The end of a taskgroup.  */
#pragma omp taskgroup
  {
    k = start_region (&seen);
    host_side (k, "taskgroup, no parallel");
  }
  check_seen (seen, "taskgroup, no parallel");
#pragma omp parallel num_threads(1)
  {
#pragma omp taskgroup
    {
      k = start_region (&seen);
      host_side (k, "taskgroup, parallel num_threads(1)");
    }
    check_seen (seen, "taskgroup, parallel num_threads(1)");
  }

  /* Barriers, and the end of a parallel region.  */
  SHAPE ("no parallel, barrier", _Pragma ("omp barrier"));
  /* libgomp built with --disable-linux-futex (as contrib/check-tsan
     builds it, which sets GOMPTARGET_TEST_POSIX_LIBGOMP) has a team
     barrier (config/posix/bar.c) that runs the tasks it can once and
     returns, without waiting for a detached task still unfulfilled:
     there the region may end after the barrier, whatever the runtime
     does.  The Linux build's barrier waits.  */
  if (getenv ("GOMPTARGET_TEST_POSIX_LIBGOMP") != NULL)
    {
      printf ("skipped: the team barriers (a libgomp without futexes)\n");
      return;
    }
#pragma omp parallel num_threads(1)
  SHAPE ("parallel num_threads(1), barrier", _Pragma ("omp barrier"));
#pragma omp parallel num_threads(1)
  {
    k = start_region (&seen);
    host_side (k, "end of parallel num_threads(1)");
  }
  check_seen (seen, "end of parallel num_threads(1)");
}

/* A chain of two regions ordered by depend, a host task after them and
   taskwait depend, in the calling shape.  */
static void
chain (const char *shape)
{
  uintptr_t fp = (uintptr_t) &flag, ap = (uintptr_t) &ack;
  int s1 = -1, s2 = -1, k1 = ++next_k, k2 = ++next_k, late = -1;
  int i = next_dep++;

#pragma omp target nowait depend(out: deps[i]) map(from: s1) firstprivate(fp, ap, k1)
  s1 = device_side (fp, ap, k1);
#pragma omp target nowait depend(inout: deps[i]) map(from: s2) \
		   firstprivate(fp, ap, k2)
  s2 = device_side (fp, ap, k2);
  host_side (k1, shape);
  host_side (k2, shape);
#pragma omp task depend(in: deps[i]) shared(s2, late)
  late = s2;
#pragma omp taskwait depend(inout: deps[i])
  check_seen (s1, shape);
  check_seen (s2, shape);
  check_seen (late, shape);
}

/* A region with the dependence clause WHICH on D (out, inout,
   mutexinoutset, a depobj of inout), then a host task depend(in: deps[i]).  */
static void
dep_kind (int which, const char *name)
{
  uintptr_t fp = (uintptr_t) &flag, ap = (uintptr_t) &ack;
  int s = -1, late = -1, k = ++next_k, i = next_dep++;
  omp_depend_t obj;

#pragma omp depobj(obj) depend(inout: deps[i])
  switch (which)
    {
    case 0:
#pragma omp target nowait depend(out: deps[i]) map(from: s) firstprivate(fp, ap, k)
      s = device_side (fp, ap, k);
      break;
    case 1:
#pragma omp target nowait depend(inout: deps[i]) map(from: s) \
		   firstprivate(fp, ap, k)
      s = device_side (fp, ap, k);
      break;
    case 2:
#pragma omp target nowait depend(mutexinoutset: deps[i]) map(from: s) \
		   firstprivate(fp, ap, k)
      s = device_side (fp, ap, k);
      break;
    default:
#pragma omp target nowait depend(depobj: obj) map(from: s) \
		   firstprivate(fp, ap, k)
      s = device_side (fp, ap, k);
      break;
    }
  host_side (k, name);
#pragma omp task depend(in: deps[i]) shared(s, late)
  late = s;
#pragma omp taskwait
  check_seen (late, name);
#pragma omp depobj(obj) destroy
}

/* A host task that the native runtime runs undeferred (if (0)) after a
   region it depends on.  */
static void
undeferred_host_task (const char *shape)
{
  uintptr_t fp = (uintptr_t) &flag, ap = (uintptr_t) &ack;
  int s = -1, late = -1, k = ++next_k, i = next_dep++;

#pragma omp target nowait depend(out: deps[i]) map(from: s) \
		   firstprivate(fp, ap, k)
  s = device_side (fp, ap, k);
  host_side (k, shape);
#pragma omp task if (0) depend(in: deps[i]) shared(s, late)
  late = s;
  check_seen (late, shape);
#pragma omp taskwait
}

static void
dep_kinds (void)
{
  dep_kind (0, "depend(out)");
  dep_kind (1, "depend(inout)");
  dep_kind (2, "depend(mutexinoutset)");
  dep_kind (3, "depend(depobj)");
}

/* target enter data, update and exit data nowait queued behind a region
   still running return at once too.  */
static void
data_chain (const char *shape)
{
  uintptr_t fp = (uintptr_t) &flag, ap = (uintptr_t) &ack;
  int a[4] = { 0, 0, 0, 0 }, s = -1, k = ++next_k;

#pragma omp target enter data map(to: a) nowait depend(out: a)
#pragma omp target nowait depend(inout: a) map(alloc: a) map(from: s) \
		   firstprivate(fp, ap, k)
  {
    s = device_side (fp, ap, k);
    a[0] = 42;
  }
#pragma omp target update from(a) nowait depend(inout: a)
#pragma omp target exit data map(release: a) nowait depend(inout: a)
  host_side (k, shape);
#pragma omp taskwait
  check_seen (s, shape);
  if (a[0] != 42)
    failed (shape, "target update from did not follow the region");
}

static void
overlap_shapes (void)
{
  shapes_taskwait ();
  shapes_sync ();
  chain ("depend chain, no parallel");
#pragma omp parallel num_threads(1)
  chain ("depend chain, parallel num_threads(1)");
  dep_kinds ();
#pragma omp parallel num_threads(1)
#pragma omp single
  dep_kinds ();
  undeferred_host_task ("undeferred host task, no parallel");
#pragma omp parallel num_threads(1)
  undeferred_host_task ("undeferred host task, parallel num_threads(1)");
  data_chain ("data constructs, no parallel");
#pragma omp parallel num_threads(1)
  data_chain ("data constructs, parallel num_threads(1)");
}
