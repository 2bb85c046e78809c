/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   The program ends while nowait regions are still running on the
   device: usage: nowait-end exit|signal.  "exit": the thread that
   launched them calls exit (7), which must end the program with status
   7; "signal": it raises SIGTERM with the default action, which must
   kill it.  Either way at once, not after the regions (each would take
   minutes) and never in a hang; stress.exp checks both.  */

#include <omp.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double
now (void)
{
  struct timespec ts;
  clock_gettime (CLOCK_MONOTONIC, &ts);
  return ts.tv_sec + ts.tv_nsec * 1e-9;
}

int
main (int argc, char **argv)
{
  int use_signal = argc > 1 && strcmp (argv[1], "signal") == 0;
  static volatile int started[4];

#pragma omp parallel num_threads(2)
#pragma omp single
  {
    for (int k = 0; k < 4; k++)
#pragma omp target nowait map(tofrom: started[k:1]) firstprivate(k)
      {
	/* Spin for minutes: the program ends long before.  */
	volatile unsigned long x = 0;
	started[k] = 1;
	for (unsigned long i = 0; i < 200000000000UL; i++)
	  x += i;
      }
    /* Give the regions time to start, then end the program.  */
    double t0 = now ();
    while (now () - t0 < 0.2)
      ;
    printf ("nowait-end: ending with %s\n", use_signal ? "SIGTERM" : "exit");
    fflush (stdout);
    if (use_signal)
      raise (SIGTERM);
    exit (7);
  }
  return 0;
}
