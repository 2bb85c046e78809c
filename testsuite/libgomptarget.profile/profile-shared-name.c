/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   GOMPTARGET_PROFILE without %p, reaching other processes while this one
   writes its trace: a process that never offloads (/bin/true with
   gomptarget preloaded, as under "LD_PRELOAD=... timeout ...") leaves the
   file alone, and a second offloading process writes NAME.PID, with a
   warning, instead of truncating and overwriting the first one's trace.
   Both files are valid and each holds its own process's regions.  */

#define _GNU_SOURCE
#include <dlfcn.h>
#include <fcntl.h>
#include "trace-check.h"

extern void GOMP_target_ext (void);

static int
first_work (int x)
{
#pragma omp target map(tofrom: x)
  x++;
  return x;
}

static int
second_work (int x)
{
#pragma omp target map(tofrom: x)
  x += 2;
  return x;
}

/* Fail unless every record of trace T (of file PATH) is of process
   PID.  */
static void
check_pid (const struct jval *t, const char *path, double pid)
{
  for (int i = 0; i < t->n; i++)
    if (jnum (t->vals[i], "pid") != pid)
      fail ("%s: a record of process %.0f, not %.0f", path,
	    jnum (t->vals[i], "pid"), pid);
}

/* Run ARGV with the environment of this process, plus LD_PRELOAD of
   gomptarget's library when PRELOAD (after what LD_PRELOAD held: an ASan
   runtime must stay first), its stderr into ERR (or not, NULL); its exit
   status must be 0.  */
static void
spawn (char **argv, const char *err, bool preload)
{
  posix_spawn_file_actions_t fa;
  Dl_info info;
  pid_t pid;
  int status;
  const char *old = getenv ("LD_PRELOAD");
  char *saved = NULL, *pre;

  if (preload)
    {
      if (!dladdr ((void *) GOMP_target_ext, &info)
	  || info.dli_fname == NULL)
	fail ("where is libgomptarget?");
      saved = old != NULL ? strdup (old) : NULL;
      if (asprintf (&pre, "%s%s%s", saved ? saved : "", saved ? ":" : "",
		    info.dli_fname) < 0)
	fail ("out of memory");
      setenv ("LD_PRELOAD", pre, 1);
      free (pre);
    }
  posix_spawn_file_actions_init (&fa);
  if (err)
    posix_spawn_file_actions_addopen (&fa, 2, err,
				      O_WRONLY | O_CREAT | O_TRUNC, 0600);
  if (posix_spawn (&pid, argv[0], &fa, NULL, argv, environ) != 0)
    fail ("cannot run %s", argv[0]);
  posix_spawn_file_actions_destroy (&fa);
  if (saved != NULL)
    setenv ("LD_PRELOAD", saved, 1);
  else if (preload)
    unsetenv ("LD_PRELOAD");
  free (saved);
  if (waitpid (pid, &status, 0) != pid || !WIFEXITED (status)
      || WEXITSTATUS (status) != 0)
    fail ("%s failed (status %#x)", argv[0], status);
}

/* The child: writes its trace to GOMPTARGET_PROFILE; runs the others
   while it does.  */
static void
child (const char *self, const char *err)
{
  char *true_argv[] = { (char *) "/bin/true", NULL };
  char *self_argv[] = { (char *) self, (char *) "second", NULL };

  if (first_work (0) != 1)
    fail ("first_work");
  spawn (true_argv, NULL, true);
  /* The program itself is linked with gomptarget.  */
  spawn (self_argv, err, false);
  if (first_work (1) != 2)
    fail ("first_work");
}

int
main (int argc, char **argv)
{
  char name[512], err[512], second[600], *text;
  struct jval *t;
  pid_t pid;
  const char *self = (const char *) getauxval (AT_EXECFN);

  snprintf (name, sizeof name, "%s/gt-profile-shared-%d.json", tmp_dir (),
	    (int) (argc > 1 ? getppid () : getpid ()));
  snprintf (err, sizeof err, "%s.err", name);
  if (argc > 1 && strcmp (argv[1], "second") == 0)
    return second_work (0) == 2 ? 0 : 1;
  if (argc > 1)
    {
      child (self, err);
      return 0;
    }
  if (self == NULL || strncmp (self, "/", 1) != 0)
    {
      printf ("UNSUPPORTED: the program's own path is not known\n");
      return 77;
    }
  /* The child writes NAME; it runs /bin/true, then the second process,
     which writes NAME.PID.  */
  pid = run_child ("GOMPTARGET_PROFILE", name);
  t = json_file (name);
  check_events (t);
  check_pid (t, name, pid);
  if (count_spans (t, "region", "first_work._omp_fn.*") != 2
      || count_spans (t, "region", "second_work._omp_fn.*") != 0)
    fail ("%s: the wrong regions", name);
  jfree (t);
  unlink (name);

  text = read_file (err);
  if (strstr (text, "is another process's trace") == NULL)
    fail ("no warning from the second process: '%s'", text);
  free (text);
  unlink (err);
  {
    /* The second process's own file: NAME.PID, the name the warning
       gives.  */
    char cmd[700];
    FILE *p;

    snprintf (cmd, sizeof cmd, "ls %s.[0-9]*", name);
    p = popen (cmd, "r");
    if (p == NULL || fgets (second, sizeof second, p) == NULL)
      fail ("no trace of the second process");
    pclose (p);
    second[strcspn (second, "\n")] = '\0';
  }
  t = json_file (second);
  check_events (t);
  check_pid (t, second, atof (second + strlen (name) + 1));
  if (count_spans (t, "region", "second_work._omp_fn.*") != 1
      || count_spans (t, "region", "first_work._omp_fn.*") != 0)
    fail ("%s: the wrong regions", second);
  jfree (t);
  unlink (second);
  printf ("shared name: ok\n");
  return 0;
}

/* { dg-final { gomptarget-output-includes {shared name: ok} } } */
