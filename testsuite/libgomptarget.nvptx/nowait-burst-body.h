/* The body of nowait-burst.c and nowait-burst-lock.c: a burst of 64
   nowait regions on one GPU, each writing its own element of a declare
   target array; the array is then read back.  COUNT_HOST_FNS: check
   that a few host functions followed the burst's work (the emulated
   driver's trace).  */

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
  if (tracing () && COUNT_HOST_FNS)
    {
      calls = trace_count ("hostfn", NULL) - before;
      CHECK (calls >= 1 && calls <= N / 4,
	     "%d host functions behind a burst of %d nowait regions", calls,
	     N);
    }
  alarm (0);
  printf ("burst: ok\n");
  return 0;
}
