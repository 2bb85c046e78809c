/* mpi-remote-echo.c -- the serving rank's half of mpi-remote.c, built
   without -fopenmp so that the offload compiler never sees it: echo COUNT
   messages of 8 bytes (KIND 0) or 64 MiB (KIND 1) from rank 0 back to it
   on MPI_COMM_WORLD, into a buffer faulted in once (as the plugin's
   device memory is, from its pool); and wait without a core.
   Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1  */

#include <mpi.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

void mpi_echo (int kind, long count);
void bench_sleep (double seconds);

void
mpi_echo (int kind, long count)
{
  static char *big;
  char small[8], *buf = small;
  int size = 8;
  long i;

  if (kind)
    {
      size = 64 << 20;
      if (big == NULL)
	{
	  big = malloc (size);
	  memset (big, 0, size);
	}
      buf = big;
    }
  for (i = 0; i < count; i++)
    {
      MPI_Recv (buf, size, MPI_BYTE, 0, 7, MPI_COMM_WORLD,
		MPI_STATUS_IGNORE);
      MPI_Send (buf, size, MPI_BYTE, 0, 7, MPI_COMM_WORLD);
    }
}

void
bench_sleep (double seconds)
{
  struct timespec t;

  t.tv_sec = (time_t) seconds;
  t.tv_nsec = (long) ((seconds - (double) t.tv_sec) * 1e9);
  nanosleep (&t, NULL);
}
