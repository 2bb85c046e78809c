/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   GOMPTARGET_PROFILE with %p across fork (): the program runs itself
   with the variable set; that run offloads, forks a child that offloads
   and exits, and offloads again.  Each process writes its own valid file,
   named by its process id, with its own regions only.  */

#include <dirent.h>
#include "trace-check.h"

static int
before_fork (int x)
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

static void
work (void)
{
  pid_t pid;
  int status;

  if (before_fork (0) != 1)
    fail ("before_fork");
  pid = fork ();
  if (pid == 0)
    exit (in_child (0) == 2 ? 0 : 1);
  if (waitpid (pid, &status, 0) != pid || !WIFEXITED (status)
      || WEXITSTATUS (status) != 0)
    fail ("the forked child failed");
  if (after_fork (0) != 3)
    fail ("after_fork");
}

/* Check the trace of process PID: valid, every record of PID, with the
   regions named IN (count each) and none named OUT.  */
static void
check_file (const char *path, pid_t pid, const char *in1, const char *in2,
	    const char *out)
{
  struct jval *t = json_file (path);

  check_events (t);
  for (int i = 0; i < t->n; i++)
    if (jnum (t->vals[i], "pid") != pid)
      fail ("%s: a record of process %.0f", path,
	    jnum (t->vals[i], "pid"));
  if (count_spans (t, "region", in1) != 1
      || (in2 && count_spans (t, "region", in2) != 1)
      || count_spans (t, "region", out) != 0)
    fail ("%s: the wrong regions", path);
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
  snprintf (prefix, sizeof prefix, "gt-profile-fork-%d-", (int) getpid ());
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
      if (pid == child)
	check_file (path, pid, "before_fork._omp_fn.*",
		    "after_fork._omp_fn.*", "in_child._omp_fn.*");
      else
	check_file (path, pid, "in_child._omp_fn.*", NULL,
		    "before_fork._omp_fn.*");
      unlink (path);
      files++;
    }
  closedir (d);
  if (files != 2)
    fail ("%d trace files, not 2", files);
  printf ("fork: ok\n");
  return 0;
}

/* { dg-final { gomptarget-output-includes {fork: ok} } } */
