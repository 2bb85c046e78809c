/* fork-body.h -- fork () and offloading, shared by the fork tests of the
   emulated host device (devices/fork.c), emulated nvptx (nvptx/fork.c)
   and emulated GCN (gcn/fork.c).  The including test defines
   FORKED_ON_DEVICE: 1 when a device initialised before fork () keeps
   working in the child (the host device), 0 when the child's regions run
   on the host instead (a GPU: its vendor library cannot be used in a
   child once initialised in the parent).

   1. fork before any construct or device routine: the child and the
      parent each offload at the same time, both on the device;
   2. fork after the device was initialised and data mapped: the child
      offloads (on the device, or on the host), the parent at the same
      time, on the device; results checked in both;
   3. children that only exit (exit, so that the exit handlers run), one
      after offloading.
   Every child must end within CHILD_SECONDS (alarm): a hang is a
   failure, not a timeout of the whole test.

   Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1  */

#include <omp.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

#define CHILD_SECONDS 10
#define N 1024

static int data[N];

static void __attribute__ ((noreturn))
fail (const char *who, const char *what, long got, long want)
{
  fprintf (stderr, "FAIL: %s: %s: %ld, expected %ld\n", who, what, got,
	   want);
  exit (2);
}

/* Sum DATA * K on the default device (DATA is mapped to it, or is
   present); also say where the region ran.  */
static long
offload_sum (int k, int *on_host)
{
  long s = 0;
  int host = -1, i;

#pragma omp target map(to: data) map(tofrom: s, host) firstprivate(k)
  {
    host = omp_is_initial_device ();
    for (i = 0; i < N; i++)
      s += (long) data[i] * k;
  }
  *on_host = host;
  return s;
}

static long
expected_sum (int k)
{
  return (long) k * N * (N - 1) / 2;
}

/* Offload ROUNDS times, checking each result and where it ran.  */
static void
offload_rounds (const char *who, int rounds, int want_on_host)
{
  int r, on_host;

  for (r = 1; r <= rounds; r++)
    {
      long s = offload_sum (r, &on_host);
      if (s != expected_sum (r))
	fail (who, "sum", s, expected_sum (r));
      if (on_host != want_on_host)
	fail (who, "omp_is_initial_device () in the region", on_host,
	      want_on_host);
    }
}

/* Wait for child PID, which must end with exit status 0.  */
static void
reap (pid_t pid, const char *what)
{
  int status;

  if (waitpid (pid, &status, 0) != pid)
    {
      perror ("waitpid");
      exit (2);
    }
  if (WIFSIGNALED (status))
    {
      fprintf (stderr, "FAIL: %s: killed by signal %d%s\n", what,
	       WTERMSIG (status),
	       WTERMSIG (status) == SIGALRM ? " (it hung)" : "");
      exit (2);
    }
  if (WEXITSTATUS (status) != 0)
    fail (what, "exit status", WEXITSTATUS (status), 0);
  printf ("%s: ok\n", what);
}

static pid_t
fork_child (void)
{
  pid_t pid;

  fflush (NULL);
  pid = fork ();
  if (pid < 0)
    {
      perror ("fork");
      exit (2);
    }
  if (pid == 0)
    alarm (CHILD_SECONDS);
  return pid;
}

int
main (void)
{
  int i, on_host;
  pid_t pid;

  for (i = 0; i < N; i++)
    data[i] = i;

  /* 1. Before any construct or device routine (omp_get_num_devices too
     initialises the vendor libraries): both on the device.  */
  pid = fork_child ();
  if (pid == 0)
    {
      offload_rounds ("child forked before initialisation", 20, 0);
      exit (0);
    }
  offload_rounds ("parent after the first fork", 20, 0);
  reap (pid, "fork before initialisation");

  /* 2. The device is initialised, DATA mapped, work done on its queues.  */
#pragma omp target enter data map(to: data)
  offload_rounds ("parent before the second fork", 5, 0);
  pid = fork_child ();
  if (pid == 0)
    {
      offload_rounds ("child forked after initialisation", 20,
		      !FORKED_ON_DEVICE);
      exit (0);
    }
  offload_rounds ("parent after the second fork", 20, 0);
  reap (pid, "fork after initialisation");

  /* 3. Children that only exit, with and without offloading.  */
  pid = fork_child ();
  if (pid == 0)
    exit (0);
  reap (pid, "a child that exits");
  pid = fork_child ();
  if (pid == 0)
    {
      if (offload_sum (3, &on_host) != expected_sum (3))
	exit (3);
      exit (0);
    }
  reap (pid, "a child that offloads once and exits");

#pragma omp target exit data map(release: data)
  offload_rounds ("parent at the end", 3, 0);
  return 0;
}
