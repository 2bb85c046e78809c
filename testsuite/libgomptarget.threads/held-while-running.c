/* { dg-do run } */
/* { dg-additional-options "-pthread" } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   A target region maps an object that is present already, and while it
   runs another thread drops the reference that made it present: with
   target exit data, then at the end of a target data construct.  The
   region's own reference keeps the object mapped: the other thread's
   end copies nothing back and the object stays present; the region's
   end then copies back everything it wrote, before and after, and the
   object is gone.  */

#include <omp.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

static int x[4], y[4];
static int mapped, started, released;
static int failures;

static void
fail (const char *what)
{
  fprintf (stderr, "%s\n", what);
  failures++;
}

/* The two threads' signals: under a lock, so that Helgrind and DRD see
   the order they make (the tests run under them too).  */
static pthread_mutex_t flags_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t flags_cond = PTHREAD_COND_INITIALIZER;

static void
set_flag (int *flag)
{
  pthread_mutex_lock (&flags_lock);
  *flag = 1;
  pthread_cond_broadcast (&flags_cond);
  pthread_mutex_unlock (&flags_lock);
}

static void
wait_for (int *flag)
{
  pthread_mutex_lock (&flags_lock);
  while (!*flag)
    pthread_cond_wait (&flags_cond, &flags_lock);
  pthread_mutex_unlock (&flags_lock);
}

static void
reset (void)
{
  pthread_mutex_lock (&flags_lock);
  mapped = started = released = 0;
  pthread_mutex_unlock (&flags_lock);
}

/* The region, on the calling thread: writes A[0], says it runs, waits
   for the other thread, writes A[1].  */
static void
region (int *a)
{
  int *s = &started, *r = &released;

#pragma omp target map(tofrom: a[0:4]) firstprivate(s, r)
  {
    a[0] = 1;
    set_flag (s);
    wait_for (r);
    a[1] = 2;
  }
}

static void
check_after (int *a, const char *name)
{
  if (a[0] != 1 || a[1] != 2)
    {
      fprintf (stderr, "%s: %d %d\n", name, a[0], a[1]);
      fail ("the region's writes were not copied back at its end");
    }
  if (omp_target_is_present (a, omp_get_default_device ()))
    fail ("still present after the region's end");
}

static void *
exit_while_running (void *arg)
{
  (void) arg;
  wait_for (&started);
#pragma omp target exit data map(from: x)
  if (!omp_target_is_present (x, omp_get_default_device ()))
    fail ("exit data: gone while a region maps it");
  if (x[0] != 0)
    fail ("exit data: copied back while a region maps it");
  set_flag (&released);
  return NULL;
}

static void *
data_end_while_running (void *arg)
{
  (void) arg;
#pragma omp target data map(tofrom: y)
  {
    set_flag (&mapped);
    wait_for (&started);
  }
  if (!omp_target_is_present (y, omp_get_default_device ()))
    fail ("target data: gone while a region maps it");
  if (y[0] != 0)
    fail ("target data: copied back while a region maps it");
  set_flag (&released);
  return NULL;
}

int
main (void)
{
  pthread_t t;

  /* The region must run on a device, not on the host.  */
  if (omp_get_num_devices () == 0
      || omp_get_default_device () == omp_get_initial_device ())
    return 0;

#pragma omp target enter data map(to: x)
  reset ();
  pthread_create (&t, NULL, exit_while_running, NULL);
  region (x);
  pthread_join (t, NULL);
  check_after (x, "x");

  reset ();
  pthread_create (&t, NULL, data_end_while_running, NULL);
  wait_for (&mapped);
  region (y);
  pthread_join (t, NULL);
  check_after (y, "y");

  return failures != 0;
}
