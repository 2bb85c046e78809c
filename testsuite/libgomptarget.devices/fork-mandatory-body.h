/* fork-mandatory-body.h -- OMP_TARGET_OFFLOAD=MANDATORY and a GPU
   initialised before fork (), shared by nvptx/fork-mandatory.c and
   gcn/fork-mandatory.c: the child's region cannot run on the GPU and may
   not run on the host, so the child ends with the fatal error's status 1
   and a message naming the fork, within CHILD_SECONDS (a hang is a
   failure); the parent keeps offloading to the GPU.

   Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1  */

#include <omp.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

#define CHILD_SECONDS 10

static int
where (void)
{
  int host = -1;

#pragma omp target map(from: host)
  host = omp_is_initial_device ();
  return host;
}

int
main (void)
{
  int status;
  pid_t pid;

  if (where () != 0)
    {
      fprintf (stderr, "FAIL: the parent's region did not run on the GPU\n");
      return 2;
    }
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
      printf ("child: region ran with omp_is_initial_device () %d\n",
	      where ());
      exit (0);
    }
  if (where () != 0)
    {
      fprintf (stderr, "FAIL: the parent's region after the fork did not "
	       "run on the GPU\n");
      return 2;
    }
  if (waitpid (pid, &status, 0) != pid)
    {
      perror ("waitpid");
      return 2;
    }
  if (WIFSIGNALED (status))
    {
      fprintf (stderr, "FAIL: the child was killed by signal %d%s\n",
	       WTERMSIG (status),
	       WTERMSIG (status) == SIGALRM ? " (it hung)" : "");
      return 2;
    }
  if (WEXITSTATUS (status) != 1)
    {
      fprintf (stderr, "FAIL: the child's exit status is %d, expected 1\n",
	       WEXITSTATUS (status));
      return 2;
    }
  printf ("child ended with status 1\n");
  return 0;
}
