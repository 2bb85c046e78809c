/* A burst of nowait regions puts a few completion host functions behind
   the stream's work, not one behind each region: a GPU's stream waits
   for the host to run each host function (cuLaunchHostFunc), so one per
   region stalled the device once per region (on an H100, a burst of 64
   empty nowait regions took 37 us a region, against 15 us for a region
   waited for).  The emulated stream waits 5 ms before each host
   function here, as a real one waits for the host: the whole burst is
   queued while the first one waits, and the next covers the rest.
   And it holds a driver's lock meanwhile, which every call of the API
   takes, as a real driver may: a host function that waited for a lock
   of the plugin whose holder is calling the driver would deadlock (it
   did on an H100 with GCC 14's libgomp); the alarm ends such a hang.  */

/* { dg-set-target-env-var GOMPTARGET_EMUL_CUDA_HOST_FN_US "5000" } */
/* { dg-set-target-env-var GOMPTARGET_EMUL_CUDA_HOST_FN_LOCK "1" } */
/* { dg-set-target-env-var GOMPTARGET_EMUL_CUDA_TRACE "nvptx-nowait-burst.trace" } */

#include "nvptx-test.h"

#include <signal.h>

static void
hung (int sig)
{
  (void) sig;
  fail ("the burst did not complete in 60 s");
}

#define N 64

/* Not static: the emulated driver finds only the program's global
   variables (see "Limits of the emulation" in the manual).  */
int done[N];
#pragma omp declare target to(done)

int
main (void)
{
  int i, before = 0, calls;

  trace_reset ();
  signal (SIGALRM, hung);
  alarm (60);
  /* The image loaded, the stream made.  */
#pragma omp target
  done[0] = 0;
  if (tracing ())
    before = trace_count ("hostfn", NULL);

#pragma omp parallel num_threads(1)
#pragma omp single
  {
    for (i = 0; i < N; i++)
      {
#pragma omp target nowait firstprivate(i)
	done[i] = i + 1;
      }
#pragma omp taskwait
  }

#pragma omp target update from(done)
  for (i = 0; i < N; i++)
    CHECK (done[i] == i + 1, "done[%d] = %d after the burst", i, done[i]);
  if (tracing ())
    {
      calls = trace_count ("hostfn", NULL) - before;
      CHECK (calls >= 1 && calls <= 8,
	     "%d host functions behind a burst of %d nowait regions", calls,
	     N);
    }
  alarm (0);
  printf ("burst: ok\n");
  return 0;
}

/* { dg-final { gomptarget-output-includes {burst: ok} } } */
