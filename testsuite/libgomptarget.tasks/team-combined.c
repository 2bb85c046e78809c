/* { dg-do run } */
/* { dg-set-target-env-var GOMP_DEBUG "1" } */
/* { dg-set-target-env-var OMP_SCHEDULE "dynamic,1" } */
/* { dg-final { gomptarget-output-count {without a native task .the implicit task of a team.} 20 } } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   The combined parallel worksharing constructs start their teams through
   entry points of their own (GOMP_parallel_loop_dynamic, _guided,
   _runtime, their nonmonotonic forms, GOMP_parallel_sections,
   GOMP_parallel_reductions; a static loop is GOMP_parallel's): a target
   nowait construct met in a thread's share is queued on its device
   without a native task (2 lines each, 20 in all), and the end of the
   region waits for it.  Each region sleeps before it writes its flag; a flag
   still unset after the construct is a target task that was not waited
   for.  */

#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#define SLEEP_MS 100
#define N 10

int flag[N][2];

static void
sleep_ms (int ms)
{
  struct timespec ts = { 0, ms * 1000000L };
  nanosleep (&ts, NULL);
}

/* A target task that sets flag[I][J] after a while.  */
static void
slow_target (int i, int j)
{
#pragma omp target nowait map(tofrom: flag[i][j:1]) firstprivate(i, j)
  {
    sleep_ms (SLEEP_MS);
    flag[i][j] = 1;
  }
}

static void
check (int i, const char *what)
{
  if (flag[i][0] != 1 || flag[i][1] != 1)
    {
      fprintf (stderr, "%s: a target task was not waited for\n", what);
      abort ();
    }
}

int
main (void)
{
  long r = 0;

#pragma omp parallel for num_threads(2) schedule(static, 1)
  for (int i = 0; i < 2; i++)
    slow_target (0, i);
  check (0, "parallel for schedule(static, 1)");

#pragma omp parallel for num_threads(2) schedule(monotonic: dynamic, 1)
  for (int i = 0; i < 2; i++)
    slow_target (1, i);
  check (1, "parallel for schedule(monotonic: dynamic)");

#pragma omp parallel for num_threads(2) schedule(monotonic: guided, 1)
  for (int i = 0; i < 2; i++)
    slow_target (2, i);
  check (2, "parallel for schedule(monotonic: guided)");

#pragma omp parallel for num_threads(2) schedule(nonmonotonic: dynamic, 1)
  for (int i = 0; i < 2; i++)
    slow_target (3, i);
  check (3, "parallel for schedule(nonmonotonic: dynamic)");

#pragma omp parallel for num_threads(2) schedule(nonmonotonic: guided, 1)
  for (int i = 0; i < 2; i++)
    slow_target (4, i);
  check (4, "parallel for schedule(nonmonotonic: guided)");

#pragma omp parallel for num_threads(2) schedule(monotonic: runtime)
  for (int i = 0; i < 2; i++)
    slow_target (5, i);
  check (5, "parallel for schedule(monotonic: runtime)");

#pragma omp parallel for num_threads(2) schedule(nonmonotonic: runtime)
  for (int i = 0; i < 2; i++)
    slow_target (6, i);
  check (6, "parallel for schedule(nonmonotonic: runtime)");

#pragma omp parallel for num_threads(2) schedule(runtime)
  for (int i = 0; i < 2; i++)
    slow_target (7, i);
  check (7, "parallel for schedule(runtime)");

#pragma omp parallel sections num_threads(2)
  {
#pragma omp section
    slow_target (8, 0);
#pragma omp section
    slow_target (8, 1);
  }
  check (8, "parallel sections");

#pragma omp parallel num_threads(2) reduction(task, +: r)
  {
    slow_target (9, omp_get_thread_num ());
#pragma omp task in_reduction(+: r)
    r++;
  }
  check (9, "parallel with a task reduction");
  if (r != 2)
    abort ();
  return 0;
}
