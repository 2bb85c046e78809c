/* { dg-do run } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   A target region starts with the initial ICVs, whatever the host thread
   set, and what the region sets stays in the region: for many regions in
   a row, with the ICVs set on the host between them (C and Fortran entry
   points), inside them, and by a teams construct's thread_limit.  The
   emulated device runs these regions on the calling thread, which must
   notice each change without reading every ICV each time.  */

#include <omp.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

/* The Fortran entry points, arguments by reference.  */
extern void omp_set_num_threads_ (const int *);
extern void omp_set_dynamic_ (const int *);

struct icvs
{
  int max_threads, dynamic, levels, thread_limit, chunk;
  omp_sched_t sched;
};

static void
read_icvs (struct icvs *v)
{
  v->max_threads = omp_get_max_threads ();
  v->dynamic = omp_get_dynamic ();
  v->levels = omp_get_max_active_levels ();
  v->thread_limit = omp_get_thread_limit ();
  omp_get_schedule (&v->sched, &v->chunk);
}

static int
same (const struct icvs *a, const struct icvs *b)
{
  return a->max_threads == b->max_threads && a->dynamic == b->dynamic
	 && a->levels == b->levels && a->thread_limit == b->thread_limit
	 && a->sched == b->sched && a->chunk == b->chunk;
}

static void
show (const char *what, const struct icvs *v)
{
  fprintf (stderr, "%s: max_threads %d dynamic %d levels %d thread_limit %d "
	   "schedule %d/%d\n", what, v->max_threads, v->dynamic, v->levels,
	   v->thread_limit, (int) v->sched, v->chunk);
}

/* The ICVs of a thread the native runtime has never seen.  */
static struct icvs initial;

static void *
read_initial (void *unused)
{
  (void) unused;
  read_icvs (&initial);
  return NULL;
}

static int failures;

static void
expect (const char *what, const struct icvs *got, const struct icvs *want)
{
  if (!same (got, want))
    {
      show (what, got);
      show ("  expected", want);
      failures++;
    }
}

/* A region that reads its ICVs into *SEEN and, with CHANGE, sets them.  */
static void
region (int change, struct icvs *seen)
{
  struct icvs in;

#pragma omp target map(from: in) firstprivate(change)
  {
    read_icvs (&in);
    if (change == 1)
      {
	omp_set_num_threads (2);
	omp_set_dynamic (1);
	omp_set_max_active_levels (1);
	omp_set_schedule (omp_sched_static, 7);
      }
    else if (change == 2)
      {
	int n = 3;
	omp_set_num_threads_ (&n);
      }
  }
  *seen = in;
}

/* A region whose teams construct has a thread limit.  */
static void
teams_region (void)
{
  int limit = 0;

#pragma omp target teams num_teams(1) thread_limit(2) map(from: limit)
#pragma omp parallel num_threads(1)
  limit = omp_get_thread_limit ();
  if (limit != 2)
    {
      fprintf (stderr, "thread limit in the teams region: %d\n", limit);
      failures++;
    }
}

int
main (void)
{
  pthread_t t;
  struct icvs host, seen, now;
  int i, one = 1;

  if (pthread_create (&t, NULL, read_initial, NULL) != 0
      || pthread_join (t, NULL) != 0)
    abort ();
  if (omp_get_num_devices () < 1)
    abort ();

  for (i = 0; i < 50; i++)
    {
      read_icvs (&host);
      region (i % 4 == 1 ? 1 : i % 4 == 3 ? 2 : 0, &seen);
      expect ("region", &seen, &initial);
      read_icvs (&now);
      expect ("host after the region", &now, &host);
      if (i % 5 == 2)
	teams_region ();
      read_icvs (&now);
      expect ("host after the teams region", &now, &host);
      /* Changes on the host between regions, seen by the host only.  */
      switch (i % 10)
	{
	case 3:
	  omp_set_num_threads (5);
	  break;
	case 5:
	  omp_set_dynamic_ (&one);
	  break;
	case 6:
	  omp_set_schedule (omp_sched_dynamic, 3);
	  break;
	case 8:
	  omp_set_num_threads_ (&initial.max_threads);
	  omp_set_dynamic (initial.dynamic);
	  omp_set_schedule (initial.sched, initial.chunk);
	  break;
	}
    }
  if (omp_get_max_threads () != initial.max_threads)
    failures++;
  return failures != 0;
}
