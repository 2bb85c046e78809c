/* mpi-remote.c -- the MPI plugin against MPI itself, in one run on the
   same ranks: an empty remote region against an MPI ping-pong round trip
   (8 bytes), 64 MiB map(tofrom:) against 64 MiB sent and sent back with
   MPI_Send/MPI_Recv, and two remote devices running nowait regions of T
   each at once.  The MPI figures are measured from inside the program:
   a region on device 0 (rank 1) runs the other half of the ping-pong on
   MPI_COMM_WORLD (which the plugin leaves to the program) while main
   runs this half, so both halves are on the ranks the plugin uses.
   Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   Build (offload images are needed: the plugin matches regions by their
   index in the program's offload table) and run:
     mpicc -O2 -c bench/mpi-remote-echo.c
     mpicc -O2 -fopenmp -foffload=nvptx-none \
       -foffload-options=nvptx-none=-misa=sm_80 bench/mpi-remote.c \
       mpi-remote-echo.o -o mpi-remote -LLIBDIR -Wl,-rpath,LIBDIR \
       -lgomptarget
     mpirun -n 3 ./mpi-remote [BUDGET_MS [REPETITIONS [SPIN_MS]]]
   Prints "rep METRIC VALUE" lines (nanoseconds per operation; for
   overlap, the time of two regions of T at once in multiples of T), then
   the medians and the goals of issue 20.  */

#include "bench.h"

#include <mpi.h>
#include <string.h>
#include <unistd.h>

#define BIG (64u << 20)
#define REPS_MAX 64

/* The device half of the MPI measurements and a wait that leaves the
   core: on the device stubs (the offload compiler needs them), on the
   serving rank (the host version of the region) the real things, in
   mpi-remote-echo.c, built without -fopenmp.  */
#pragma omp declare target
void mpi_echo_stub (int kind, long count);
void
mpi_echo_stub (int kind, long count)
{
  (void) kind;
  (void) count;
}
void bench_sleep_stub (double seconds);
void
bench_sleep_stub (double seconds)
{
  (void) seconds;
}
#pragma omp end declare target

/* Echo COUNT messages of 8 bytes (KIND 0) or 64 MiB (KIND 1) from rank
   0; sleep.  */
#pragma omp declare variant (mpi_echo_stub) match (device={arch(nvptx)})
void mpi_echo (int kind, long count);
#pragma omp declare variant (bench_sleep_stub) match (device={arch(nvptx)})
void bench_sleep (double seconds);

static int
cmp (const void *a, const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;
  return x < y ? -1 : x > y;
}

static double
median (double *v, long n)
{
  qsort (v, n, sizeof *v, cmp);
  return v[n / 2];
}

/* COUNT round trips of SIZE bytes of BUF with rank 1, whose region on
   device 0 echoes them; the time in ns.  */
static double
pingpong (int kind, long count, char *buf)
{
  size_t size = kind ? BIG : 8;
  double t0, t;
  long i;

#pragma omp target device(0) nowait firstprivate(kind, count)
  mpi_echo (kind, count);
  t0 = bench_now ();
  for (i = 0; i < count; i++)
    {
      MPI_Send (buf, (int) size, MPI_BYTE, 1, 7, MPI_COMM_WORLD);
      MPI_Recv (buf, (int) size, MPI_BYTE, 1, 7, MPI_COMM_WORLD,
		MPI_STATUS_IGNORE);
    }
  t = bench_now () - t0;
#pragma omp taskwait
  return t;
}

int
main (int argc, char **argv)
{
  double budget = bench_budget (argc, argv, 1, 300);
  long reps = bench_arg (argc, argv, 2, 7), r, n, i;
  double spin = (double) bench_arg (argc, argv, 3, 150) / 1e3;
  double rt[REPS_MAX], region[REPS_MAX], mpibw[REPS_MAX], tofrom[REPS_MAX];
  double ovl[REPS_MAX], one[REPS_MAX], sleepovl[REPS_MAX];
  char *buf = malloc (BIG);
  int flag = 0;

  if (reps > REPS_MAX)
    reps = REPS_MAX;
  MPI_Initialized (&flag);
  if (!flag || omp_get_num_devices () < 2)
    {
      printf ("needs mpirun -n 3 (or more) and the MPI plugin: %d "
	      "device(s), MPI %sinitialised\n", omp_get_num_devices (),
	      flag ? "" : "not ");
      return 1;
    }
  bench_where ();
  memset (buf, 1, BIG);
  /* Warm up: images, queues, the pool.  */
  for (i = 0; i < 20; i++)
    {
#pragma omp target device(0)
      {
      }
    }
#pragma omp target device(0) map(tofrom: buf[0:BIG])
  buf[0]++;
  pingpong (0, 100, buf);
  pingpong (1, 1, buf);

  for (r = 0; r < reps; r++)
    {
      double t0, t;

      /* 1. An MPI round trip, then an empty remote region.  */
      n = 2000;
      rt[r] = pingpong (0, n, buf) / n;
      bench_report ("mpi-roundtrip", rt[r] * n, n);
      t0 = bench_now ();
      n = 0;
      do
	{
	  for (i = 0; i < 16; i++)
	    {
#pragma omp target device(0)
	      {
	      }
	    }
	  n += 16;
	}
      while ((t = bench_now () - t0) < budget);
      region[r] = t / n;
      bench_report ("empty-region", t, n);

      /* 2. 64 MiB there and back: MPI, then map(tofrom:).  */
      mpibw[r] = pingpong (1, 3, buf) / 3;
      bench_report ("mpi-64MiB-there-and-back", mpibw[r] * 3, 3);
      t0 = bench_now ();
      for (i = 0; i < 3; i++)
	{
#pragma omp target device(0) map(tofrom: buf[0:BIG])
	  buf[1]++;
	}
      tofrom[r] = (bench_now () - t0) / 3;
      bench_report ("tofrom-64MiB", tofrom[r] * 3, 3);

      /* 3. One region of T, then two on two devices at once.  */
      t0 = bench_now ();
#pragma omp target device(0) firstprivate(spin)
      {
	double s = omp_get_wtime ();
	while (omp_get_wtime () - s < spin)
	  ;
      }
      one[r] = bench_now () - t0;
      t0 = bench_now ();
#pragma omp parallel num_threads(1)
#pragma omp single
      {
	for (int d = 0; d < 2; d++)
	  {
#pragma omp target device(d) firstprivate(spin) nowait
	    {
	      double s = omp_get_wtime ();
	      while (omp_get_wtime () - s < spin)
		;
	    }
	  }
#pragma omp taskwait
      }
      ovl[r] = (bench_now () - t0) / (spin * 1e9);
      printf ("rep overlap-two-devices %.3f\n", ovl[r]);

      /* The same with regions that wait T without a core: what the
	 plugin overlaps, whatever else the machine runs.  */
      t0 = bench_now ();
#pragma omp parallel num_threads(1)
#pragma omp single
      {
	for (int d = 0; d < 2; d++)
	  {
#pragma omp target device(d) firstprivate(spin) nowait
	    bench_sleep (spin);
	  }
#pragma omp taskwait
      }
      sleepovl[r] = (bench_now () - t0) / (spin * 1e9);
      printf ("rep overlap-two-devices-waiting %.3f\n", sleepovl[r]);
    }

  {
    double mrt = median (rt, reps), mreg = median (region, reps);
    double mbw = median (mpibw, reps), mtf = median (tofrom, reps);
    double movl = median (ovl, reps), mone = median (one, reps);
    double msovl = median (sleepovl, reps);
    printf ("\nmedians of %ld repetitions (machine: %d ranks on %ld cores)\n",
	    reps, 3, (long) sysconf (_SC_NPROCESSORS_ONLN));
    printf ("  MPI round trip, 8 bytes          %10.1f us\n", mrt / 1e3);
    printf ("  empty remote region              %10.1f us   %.2fx  "
	    "(goal <= 1.5x)\n", mreg / 1e3, mreg / mrt);
    printf ("  MPI 64 MiB there and back        %10.1f ms   %.0f MB/s\n",
	    mbw / 1e6, 2.0 * BIG / mbw * 1e3);
    printf ("  map(tofrom:) 64 MiB              %10.1f ms   %.0f MB/s  "
	    "%.0f%% of MPI (goal >= 80%%)\n", mtf / 1e6,
	    2.0 * BIG / mtf * 1e3, 100.0 * mbw / mtf);
    printf ("  one region of T = %.0f ms        %10.1f ms\n", spin * 1e3,
	    mone / 1e6);
    printf ("  two devices, nowait, at once     %10.2f T  (goal <= 1.1 T)\n",
	    movl);
    printf ("  the same, regions that wait T    %10.2f T  (goal <= 1.1 T)\n",
	    msovl);
  }
  free (buf);
  return 0;
}
