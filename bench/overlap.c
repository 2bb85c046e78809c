/* overlap.c -- benchmark 7: does a nowait target region run beside the
   host's own work?  A region that spins for SPIN_MS is met with nowait,
   the encountering thread spins as long itself, then waits for the
   region with taskwait.
   Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   Usage: overlap SHAPE [SPIN_MS [REPETITIONS]]
   SHAPE is the team the construct is met in:
     none         no parallel region (the implicit team of the program)
     par1         parallel num_threads(1)
     par1-single  parallel num_threads(1), inside single
     par2-single  parallel num_threads(2), inside single
   Prints "rep overlap T" per repetition: the time from the construct to
   the end of the taskwait in multiples of SPIN_MS (default 150), so 1.00
   is full overlap (the region ran while the host worked) and 2.00 none
   (one ran after the other).  */

#include "bench.h"

#include <string.h>

#pragma omp declare target
/* Spin for NS nanoseconds: work that needs a core of its own.  The clock
   is omp_get_wtime, which the device has too (on nvptx, GCC's counts the
   processor's cycles, so a GPU that boosts its clock spins less: the
   region may end early, never late).  */
static void
spin (double ns)
{
  double t0 = omp_get_wtime ();

  while ((omp_get_wtime () - t0) * 1e9 < ns)
    ;
}
#pragma omp end declare target

/* One repetition from the encountering thread: the nowait region, the
   host's work, taskwait.  Returns the time taken in nanoseconds and sets
   *RAN if the region ran.  */
static double
one (double ns, int *ran)
{
  double t0 = bench_now ();
  int done = 0;
#pragma omp target nowait map(tofrom: done)
  {
    spin (ns);
    done = 1;
  }
  spin (ns);
#pragma omp taskwait
  *ran = done;
  return bench_now () - t0;
}

int
main (int argc, char **argv)
{
  const char *shape = argc > 1 ? argv[1] : "";
  double ns = bench_budget (argc, argv, 2, 150);
  long reps = bench_arg (argc, argv, 3, 3);
  int ok = 1;

  if (strcmp (shape, "none") != 0 && strcmp (shape, "par1") != 0
      && strcmp (shape, "par1-single") != 0
      && strcmp (shape, "par2-single") != 0)
    {
      fprintf (stderr, "usage: %s none|par1|par1-single|par2-single"
	       " [SPIN_MS [REPETITIONS]]\n", argv[0]);
      return 2;
    }
  bench_where ();
  for (long r = 0; r < reps; r++)
    {
      double t = 0;
      int ran = 0;
      if (strcmp (shape, "none") == 0)
	t = one (ns, &ran);
      else if (strcmp (shape, "par1") == 0)
	{
#pragma omp parallel num_threads(1)
	  t = one (ns, &ran);
	}
      else if (strcmp (shape, "par1-single") == 0)
	{
#pragma omp parallel num_threads(1)
#pragma omp single
	  t = one (ns, &ran);
	}
      else
	{
#pragma omp parallel num_threads(2)
#pragma omp single
	  t = one (ns, &ran);
	}
      ok &= ran;
      printf ("rep overlap %.3f\n", t / ns);
      fflush (stdout);
    }
  BENCH_CHECK (ok);
  return 0;
}
