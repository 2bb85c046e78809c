/* mpi-death.c -- a serving rank that dies (kill -9, a crash): mpirun sees
   it first and ends the job, sending rank 0 SIGTERM, before rank 0's own
   heartbeat could find the rank gone; so that the user learns which
   device it was, rank 0 keeps the process id of every serving rank on its
   machine, and its SIGTERM handler (set only where the program has none)
   names each of those that no longer runs, then dies of the signal as it
   would have.  The handler only opens, reads and writes (async-signal
   safe).

   Copyright (C) 2026 The gomptarget authors.

   This file is part of gomptarget.

   gomptarget is free software; you can redistribute it and/or modify it
   under the terms of the GNU General Public License as published by the
   Free Software Foundation; either version 3, or (at your option) any
   later version.

   gomptarget is distributed in the hope that it will be useful, but
   WITHOUT ANY WARRANTY; without even the implied warranty of
   MERCHANTABILITY or FITNESS FOR A PARTICULAR PURPOSE.  See the GNU
   General Public License for more details.

   Under Section 7 of GPL version 3, you are granted additional
   permissions described in the GCC Runtime Library Exception, version
   3.1, as published by the Free Software Foundation.  */

#include "plugin-mpi.h"

#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* The process id of each rank on rank 0's machine, 0 for the others (and
   rank 0).  */
static pid_t *local_pids;

/* Append the decimal digits of V to *P.  */
static void
put_number (char **p, long v)
{
  char digits[24];
  int n = 0;

  do
    digits[n++] = (char) ('0' + v % 10);
  while ((v /= 10) > 0);
  while (n > 0)
    *(*p)++ = digits[--n];
}

static void
put_text (char **p, const char *s)
{
  while (*s)
    *(*p)++ = *s++;
}

/* Does process PID no longer run (gone, or a zombie)?  */
static bool
dead (pid_t pid)
{
  char path[48] = "/proc/", *p = path + 6, stat[128], *paren;
  ssize_t n;
  int fd;

  put_number (&p, pid);
  put_text (&p, "/stat");
  *p = '\0';
  fd = open (path, O_RDONLY);
  if (fd < 0)
    return true;
  n = read (fd, stat, sizeof stat - 1);
  close (fd);
  if (n <= 0)
    return true;
  stat[n] = '\0';
  /* "PID (COMM) STATE ...": COMM may hold anything but not end early.  */
  paren = strrchr (stat, ')');
  return paren != NULL && paren[1] == ' ' && (paren[2] == 'Z'
					       || paren[2] == 'X');
}

static void
on_sigterm (int sig)
{
  char line[160], *p;
  int r;

  for (r = 1; r < mpidev_size; r++)
    if (local_pids[r] != 0 && dead (local_pids[r]))
      {
	p = line;
	put_text (&p, "libgomptarget: mpi: device ");
	put_number (&p, r - 1);
	put_text (&p, " (MPI rank ");
	put_number (&p, r);
	put_text (&p, ") died: mpirun ends the job\n");
	if (write (STDERR_FILENO, line, (size_t) (p - line)) < 0)
	  break;
      }
  signal (sig, SIG_DFL);
  raise (sig);
}

void
mpidev_watch_deaths (void)
{
  uint64_t mine[2], *all = NULL;
  char host[256] = "";
  struct sigaction old;
  const char *c;
  int r;

  /* Each rank's process id and a hash of its machine's name.  */
  gethostname (host, sizeof host - 1);
  mine[0] = (uint64_t) getpid ();
  mine[1] = 0xcbf29ce484222325ull;
  for (c = host; *c; c++)
    mine[1] = (mine[1] ^ (unsigned char) *c) * 0x100000001b3ull;
  if (mpidev_rank == 0)
    {
      all = calloc ((size_t) mpidev_size * 2, sizeof *all);
      local_pids = calloc ((size_t) mpidev_size, sizeof *local_pids);
    }
  if (mpidev_lib.Gather (mine, 2, MPI_UINT64_T, all, 2, MPI_UINT64_T, 0,
			 mpidev_comm) != MPI_SUCCESS
      || mpidev_rank != 0 || all == NULL || local_pids == NULL)
    {
      free (all);
      return;
    }
  for (r = 1; r < mpidev_size; r++)
    if (all[2 * r + 1] == mine[1])
      local_pids[r] = (pid_t) all[2 * r];
  free (all);
  if (sigaction (SIGTERM, NULL, &old) == 0 && old.sa_handler == SIG_DFL)
    signal (SIGTERM, on_sigterm);
  else
    gt_plugin_debug ("the program handles SIGTERM: a serving rank that "
		     "dies is named by mpirun only");
}
