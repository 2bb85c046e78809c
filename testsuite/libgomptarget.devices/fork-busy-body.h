/* fork-busy-body.h -- fork () while other threads offload, shared by
   devices/fork-busy.c, nvptx/fork-busy.c and gcn/fork-busy.c.  Threads
   map, launch and unmap without pause while the main thread forks again
   and again; the child has only the forking thread, and the locks the
   others held at that moment (the device's, the registry's, its queues')
   must not stop it.  Each child offloads a few regions, checks their
   results (on the device, or on the host where FORKED_ON_DEVICE is 0)
   and exits within CHILD_SECONDS (alarm: a hang is a failure, reported
   at the first one).

   Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1  */

#include <omp.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

#define CHILD_SECONDS 5
#define THREADS 3
#define FORKS 40
#define N 256

static int stop;

/* Under -fsanitize=address the children's exit would report the blocks
   that only the other threads, which stayed in the parent, point to:
   LeakSanitizer does not see those threads' stacks in the child.  */
const char *__lsan_default_options (void);
const char *
__lsan_default_options (void)
{
  return "detect_leaks=0";
}

/* One region with its own data: map, run, unmap.  Returns the sum of
   V..V+N-1 computed where it ran; *ON_HOST says where.  */
static long
offload_once (int v, int *on_host)
{
  int a[N], i, host = -1;
  long s = 0;

  for (i = 0; i < N; i++)
    a[i] = v + i;
#pragma omp target map(to: a) map(tofrom: s, host)
  {
    int j;
    host = omp_is_initial_device ();
    for (j = 0; j < N; j++)
      s += a[j];
  }
  *on_host = host;
  return s;
}

static long
expected (int v)
{
  return (long) N * v + (long) N * (N - 1) / 2;
}

static void *
busy (void *arg)
{
  int v = (int) (long) arg, on_host;

  while (!__atomic_load_n (&stop, __ATOMIC_RELAXED))
    {
      long s = offload_once (v, &on_host);
      if (s != expected (v) || on_host)
	{
	  fprintf (stderr, "FAIL: busy thread: sum %ld (expected %ld), on "
		   "the host %d\n", s, expected (v), on_host);
	  abort ();
	}
      v++;
    }
  return NULL;
}

int
main (void)
{
  pthread_t t[THREADS];
  int i, k, on_host;

  /* The device is initialised before the threads start.  */
  if (offload_once (1, &on_host) != expected (1) || on_host)
    {
      fprintf (stderr, "FAIL: first region\n");
      return 2;
    }
  for (i = 0; i < THREADS; i++)
    if (pthread_create (&t[i], NULL, busy, (void *) (long) (i * 1000)))
      {
	perror ("pthread_create");
	return 2;
      }
  for (k = 0; k < FORKS; k++)
    {
      pid_t pid;
      int status;

      usleep (1000 + k * 97 % 2000);
      fflush (NULL);
      pid = fork ();
      if (pid < 0)
	{
	  perror ("fork");
	  return 2;
	}
      if (pid == 0)
	{
	  alarm (CHILD_SECONDS);
	  for (i = 0; i < 5; i++)
	    if (offload_once (7 * i, &on_host) != expected (7 * i)
		|| on_host != !FORKED_ON_DEVICE)
	      _exit (3);
	  exit (0);
	}
      if (waitpid (pid, &status, 0) != pid)
	{
	  perror ("waitpid");
	  return 2;
	}
      if (WIFSIGNALED (status) && WTERMSIG (status) == SIGALRM)
	{
	  fprintf (stderr, "FAIL: child %d of %d hung\n", k + 1, FORKS);
	  return 2;
	}
      if (!WIFEXITED (status) || WEXITSTATUS (status) != 0)
	{
	  fprintf (stderr, "FAIL: child %d: status 0x%x\n", k + 1, status);
	  return 2;
	}
    }
  __atomic_store_n (&stop, 1, __ATOMIC_RELAXED);
  for (i = 0; i < THREADS; i++)
    pthread_join (t[i], NULL);
  printf ("%d children offloaded and exited\n", FORKS);
  return 0;
}
