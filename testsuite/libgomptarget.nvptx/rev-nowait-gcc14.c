/* Reverse offload (GCC 14) from a nowait region that no host thread
   waits for (a deferred target task of a parallel region, which the
   plugin completes by itself): the plugin serves its requests while the
   program goes on, here watching the host-side effect of each request,
   and the taskwait only finds the region done.  */

/* { dg-gomptarget-gcc-min 14 } */
/* { dg-set-target-env-var GOMP_DEBUG "1" } */

#include "nvptx-test.h"

#pragma omp requires reverse_offload

#define REQUESTS 20

static int served;

static void __attribute__ ((noinline))
note (int i)
{
  CHECK (i == served, "request %d served after %d others", i, served);
  __atomic_store_n (&served, i + 1, __ATOMIC_RELEASE);
}

int
main (void)
{
  int n = REQUESTS, seen = 0, done = 0;

#pragma omp parallel num_threads(2)
#pragma omp single
  {
#pragma omp target nowait firstprivate(n) map(from: done)
    {
      for (int i = 0; i < n; i++)
	{
#pragma omp target device(ancestor: 1) firstprivate(i)
	  note (i);
	}
      done = 1;
    }
    /* No task scheduling point here.  */
    for (int ms = 0; ms < 30000 && seen < REQUESTS; ms++)
      {
	seen = __atomic_load_n (&served, __ATOMIC_ACQUIRE);
	if (seen < REQUESTS)
	  usleep (1000);
      }
#pragma omp taskwait
  }
  CHECK (seen == REQUESTS, "%d of %d requests served in 30 s before the "
	 "taskwait", seen, REQUESTS);
  CHECK (done == 1, "the region did not finish");
  printf ("done\n");
  return 0;
}

/* { dg-output "done\n" } */
/* { dg-final { gomptarget-output-includes {gomptarget: nvptx: device 0: served a reverse-offload request of device 0: function 0x[0-9a-f]+, 1 map\(s\), in [0-9.]+ us, by the device's server thread} } } */
