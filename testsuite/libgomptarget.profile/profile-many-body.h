/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   GOMPTARGET_PROFILE keeps every record of a long run: the program runs
   itself with the variable set (with %p); that run offloads many regions
   from four threads at once (far more records than a thread's buffer
   holds, so that buffers are written out while the threads go on), forks
   a child that offloads many regions too, and offloads again.  Each
   file is valid and has every region of its process, each thread's in
   the order it ran them, and the name of every thread's track.  */

#include <dirent.h>
#include <pthread.h>
#include "trace-check.h"

/* The regions of each thread and of the child: some thousand records
   each (a buffer holds 512), and a trace of under a megabyte, which the
   checker's reader still reads under valgrind.  */
#define THREADS 4
#ifndef PER_THREAD
#define PER_THREAD 250
#define IN_CHILD 200
#endif

static int
on_threads (int x)
{
#pragma omp target map(tofrom: x)
  x++;
  return x;
}

static int
in_child (int x)
{
#pragma omp target map(tofrom: x)
  x += 2;
  return x;
}

static int
after_fork (int x)
{
#pragma omp target map(tofrom: x)
  x += 3;
  return x;
}

static void *
thread_main (void *arg)
{
  for (int i = 0; i < PER_THREAD; i++)
    if (on_threads (i) != i + 1)
      *(int *) arg = 1;
  return NULL;
}

static void
work (void)
{
  pthread_t t[THREADS];
  int bad = 0;
  pid_t pid;
  int status;

  /* Threads of its own, which end before fork (): the child has nothing
     of theirs.  */
  for (int k = 0; k < THREADS; k++)
    if (pthread_create (&t[k], NULL, thread_main, &bad) != 0)
      fail ("pthread_create");
  for (int k = 0; k < THREADS; k++)
    pthread_join (t[k], NULL);
  if (bad)
    fail ("on_threads");
  pid = fork ();
  if (pid == 0)
    {
      for (int i = 0; i < IN_CHILD; i++)
	if (in_child (i) != i + 2)
	  exit (1);
      exit (0);
    }
  if (waitpid (pid, &status, 0) != pid || !WIFEXITED (status)
      || WEXITSTATUS (status) != 0)
    fail ("the forked child failed");
  if (after_fork (0) != 3)
    fail ("after_fork");
}

/* Check the trace of process PID at PATH: valid, every record of PID;
   COUNT regions named NAME, on THREADS tracks (COUNT / THREADS on each),
   each named and in the order of time; WITH regions named OTHER.  */
static void
check_file (const char *path, pid_t pid, const char *name, int count,
	    int threads, const char *other, int with)
{
  struct jval *t = json_file (path);
  double tids[THREADS], last[THREADS];
  int per[THREADS], ntids = 0;

  check_events (t);
  for (int i = 0; i < t->n; i++)
    if (jnum (t->vals[i], "pid") != pid)
      fail ("%s: a record of process %.0f", path, jnum (t->vals[i], "pid"));
  if (count_spans (t, "region", name) != count
      || count_spans (t, "region", other) != with)
    fail ("%s: %d regions %s (not %d), %d %s (not %d)", path,
	  count_spans (t, "region", name), name, count,
	  count_spans (t, "region", other), other, with);
  for (int i = 0; i < t->n; i++)
    {
      const struct jval *e = t->vals[i];
      double tid = jnum (e, "tid");
      int k;

      if (!is_span (e, "region", name))
	continue;
      for (k = 0; k < ntids && tids[k] != tid; k++)
	;
      if (k == ntids)
	{
	  if (ntids == THREADS)
	    fail ("%s: regions on more than %d tracks", path, THREADS);
	  tids[ntids] = tid;
	  per[ntids] = 0;
	  last[ntids++] = -1;
	}
      if (jnum (e, "ts") < last[k])
	fail ("%s: thread %.0f's regions out of order", path, tid);
      last[k] = jnum (e, "ts");
      per[k]++;
    }
  if (ntids != threads)
    fail ("%s: regions on %d tracks, not %d", path, ntids, threads);
  for (int k = 0; k < ntids; k++)
    {
      bool named = false;

      if (per[k] != count / threads)
	fail ("%s: %d regions on track %.0f, not %d", path, per[k], tids[k],
	      count / threads);
      for (int i = 0; i < t->n && !named; i++)
	{
	  const char *ph = jstr (t->vals[i], "ph");
	  named = ph && strcmp (ph, "M") == 0
		  && strcmp (jstr (t->vals[i], "name"), "thread_name") == 0
		  && jnum (t->vals[i], "tid") == tids[k];
	}
      if (!named)
	fail ("%s: track %.0f has no name", path, tids[k]);
    }
  jfree (t);
}

int
main (int argc, char **argv)
{
  char name[512], path[1024], prefix[64];
  int files = 0;
  pid_t child;
  DIR *d;
  struct dirent *e;

  (void) argv;
  if (argc > 1)
    {
      work ();
      return 0;
    }
#ifdef __SANITIZE_THREAD__
  /* The forked child starts a thread of its own (the trace's writer),
     which ThreadSanitizer refuses after a fork () of a process with
     threads unless told.  */
  {
    const char *o = getenv ("TSAN_OPTIONS");
    char opts[1024];

    snprintf (opts, sizeof opts, "%s%sdie_after_fork=0", o ? o : "",
	      o && *o ? ":" : "");
    setenv ("TSAN_OPTIONS", opts, 1);
  }
#endif
  snprintf (prefix, sizeof prefix, "gt-profile-many-%d-", (int) getpid ());
  snprintf (name, sizeof name, "%s/%s%%p.json", tmp_dir (), prefix);
  child = run_child ("GOMPTARGET_PROFILE", name);
  d = opendir (tmp_dir ());
  if (d == NULL)
    fail ("cannot read %s", tmp_dir ());
  while ((e = readdir (d)) != NULL)
    {
      int pid;
      if (strncmp (e->d_name, prefix, strlen (prefix)) != 0
	  || sscanf (e->d_name + strlen (prefix), "%d.json", &pid) != 1)
	continue;
      snprintf (path, sizeof path, "%s/%s", tmp_dir (), e->d_name);
#ifdef __SANITIZE_THREAD__
      /* The checker's reader runs out of ThreadSanitizer's memory on
	 files of this size: the run above is what is checked for races;
	 here only that each file was closed.  */
      {
	char *text = read_file (path);
	size_t n = strlen (text);

	if (n < 3 || strcmp (text + n - 3, "\n]\n") != 0)
	  fail ("%s: not closed", path);
	free (text);
	unlink (path);
	files++;
	continue;
      }
#endif
      if (pid == child)
	check_file (path, pid, "on_threads._omp_fn.*", THREADS * PER_THREAD,
		    THREADS, "after_fork._omp_fn.*", 1);
      else
	check_file (path, pid, "in_child._omp_fn.*", IN_CHILD, 1,
		    "on_threads._omp_fn.*", 0);
      unlink (path);
      files++;
    }
  closedir (d);
  if (files != 2)
    fail ("%d trace files, not 2", files);
  printf ("many: ok\n");
  return 0;
}
