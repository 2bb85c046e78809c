/* { dg-do run } */
/* { dg-set-target-env-var GOMP_DEBUG "1" } */
/* { dg-final { gomptarget-output-count {without a native task .the implicit task of a team.} 9 } } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   In the implicit task of a team, a target nowait construct is queued on
   its device without a task of the native runtime (9 lines counted), and
   every wait OpenMP puts after it still waits for it: the barriers that
   end sections, single, single with copyprivate, a loop with a cancel
   construct and a loop with a task reduction, taskgroup, taskwait, the
   end of a nested parallel region and of the outer one.  A target task
   met in a task body that the native runtime runs at a barrier goes to
   the native runtime, and the barrier waits for it.  Each region sleeps
   before it writes its flag; a thread that was not waited for sees the
   flag unset.  */

#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#define SLEEP_MS 100

int flag[10];

static void
sleep_ms (int ms)
{
  struct timespec ts = { 0, ms * 1000000L };
  nanosleep (&ts, NULL);
}

static void
check (int i, const char *what)
{
  if (flag[i] != 1)
    {
      fprintf (stderr, "%s: the target task was not waited for\n", what);
      abort ();
    }
}

/* A target task that sets flag[I] after a while.  */
static void
slow_target (int i)
{
#pragma omp target nowait map(tofrom: flag[i:1]) firstprivate(i)
  {
    sleep_ms (SLEEP_MS);
    flag[i] = 1;
  }
}

int
main (void)
{
  long r = 0;

#pragma omp parallel num_threads(2)
  {
    int t = omp_get_thread_num (), v = 0;

    /* Not under ThreadSanitizer (contrib/check-tsan): the libgomp built
       there hands a sections or reduction work share to the other
       threads through a pointer read without synchronisation
       (config/posix/ptrlock.h), and every access to it is reported.  */
#ifndef __SANITIZE_THREAD__
#pragma omp sections
    {
#pragma omp section
      slow_target (0);
#pragma omp section
      v = 1;
    }
    check (0, "end of sections");
#else
    if (t == 0)
      slow_target (0);
#pragma omp barrier
    check (0, "barrier");
#endif

#pragma omp single
    slow_target (1);
    check (1, "end of single");

#pragma omp single copyprivate(v)
    {
      slow_target (2);
      v = 5;
    }
    check (2, "end of single copyprivate");
    if (v != 5)
      abort ();

    if (t == 0)
      {
#pragma omp taskgroup
	slow_target (3);
	check (3, "end of taskgroup");
	slow_target (4);
#pragma omp taskwait
	check (4, "taskwait");
      }
#pragma omp barrier

#pragma omp for schedule(static)
    for (int i = 0; i < 2; i++)
      {
	if (i == 0)
	  slow_target (5);
#pragma omp cancel for if (i < 0)
      }
    check (5, "end of a loop with cancel");

#ifndef __SANITIZE_THREAD__
#pragma omp for schedule(static) reduction(task, +: r)
    for (int i = 0; i < 2; i++)
      {
	if (i == 0)
	  slow_target (6);
	r += i;
      }
    check (6, "end of a loop with a task reduction");
#else
#pragma omp single
    {
      slow_target (6);
      r = 1;
    }
    check (6, "end of single");
#endif

    if (t == 0)
      {
#pragma omp task
	slow_target (7);
      }
#pragma omp barrier
    check (7, "barrier, target task in a task body");

    if (t == 0)
      {
#pragma omp parallel num_threads(1)
	slow_target (8);
	check (8, "end of a nested parallel region");
      }

    if (t == 1)
      slow_target (9);
  }
  check (9, "end of the parallel region");
  if (r != 1)
    abort ();
  return 0;
}
