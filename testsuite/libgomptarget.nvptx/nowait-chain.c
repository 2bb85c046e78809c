/* Asynchrony through the nvptx plugin: a nowait region returns at once
   while its kernel runs (no host thread waits for it), chains of nowait
   regions and updates ordered by depend clauses run in order on the
   device, and independent chains on two GPUs overlap.  */

/* { dg-set-target-env-var GOMPTARGET_EMUL_CUDA_DEVICES "2" } */

#include "nvptx-test.h"

#define N 100000

static void
spin (double seconds)
{
  double t0 = omp_get_wtime ();
  while (omp_get_wtime () - t0 < seconds)
    ;
}
#pragma omp declare target to(spin)

int
main (void)
{
  static int a[N], b[N];
  int i, done = 0;
  double t0, t1;

  for (i = 0; i < N; i++)
    a[i] = i;

  /* A nowait region keeps no host thread: with one thread, the target
     task (taken first) only queues the kernel, and the host task queued
     after it runs while the kernel still spins.  */
#pragma omp parallel num_threads(1)
#pragma omp single
  {
    t0 = omp_get_wtime ();
#pragma omp target map(tofrom: done) nowait
    {
      spin (1.0);
      done = 1;
    }
#pragma omp task shared(t1)
    t1 = omp_get_wtime ();
#pragma omp taskwait
  }
  CHECK (done == 1, "done = %d after the region", done);
  CHECK (t1 - t0 < 0.5, "a host task waited %.2f s for a nowait kernel",
	 t1 - t0);

  /* A chain: enter data, three dependent regions, update, exit data.  */
#pragma omp target enter data map(to: a) nowait depend(out: a)
#pragma omp target nowait depend(inout: a)
  for (int j = 0; j < N; j++)
    a[j] += 1;
#pragma omp target nowait depend(inout: a)
  for (int j = 0; j < N; j++)
    a[j] *= 2;
#pragma omp target nowait depend(inout: a) map(from: b)
  for (int j = 0; j < N; j++)
    b[j] = a[j] - 1;
#pragma omp target update from(a) nowait depend(inout: a)
#pragma omp target exit data map(release: a) nowait depend(inout: a)
#pragma omp taskwait
  for (i = 0; i < N; i++)
    {
      CHECK (a[i] == 2 * (i + 1), "a[%d] = %d", i, a[i]);
      CHECK (b[i] == 2 * (i + 1) - 1, "b[%d] = %d", i, b[i]);
    }

  /* Two independent chains on two devices, from tasks of a team (the
     second one the emulated host device where there is one GPU).  */
  int r[2] = { 0, 0 };
#pragma omp parallel num_threads(2)
#pragma omp single
  for (int d = 0; d < 2; d++)
    {
#pragma omp target device(d) map(tofrom: r[d:1]) nowait depend(out: r[d])
      r[d] = 10 * (d + 1);
#pragma omp target device(d) map(tofrom: r[d:1]) nowait depend(inout: r[d])
      r[d] += omp_get_device_num ();
    }
  CHECK (r[0] == 10 && r[1] == 21, "r = {%d, %d}", r[0], r[1]);
  CHECK (gpus () >= 1, "no GPU");
  return 0;
}
