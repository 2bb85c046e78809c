/* { dg-set-target-env-var LD_PRELOAD "@PLUGINDIR@/libhsa-runtime64.so.1" } */

/* A packet published and rung while the packet processor looks for the
   next one is processed at once: the processor reads the doorbell before
   the header, so that it never takes the ring of the packet it has just
   seen invalid for one still to come and sleeps until its idle timeout
   (100 ms).  The host publishes a barrier packet the moment the one
   before it completes, again and again, so that the two meet, and no
   packet may take 50 ms (at most 3 s of rounds).  */

#include "emul-hsa-test.h"

#pragma omp declare target
int unused;
#pragma omp end declare target

#define ROUNDS 1000000
#define BUDGET_NS 3000000000ull
#define LATE_NS 50000000ull

int
main (void)
{
  struct test_agent *g;
  hsa_queue_t *q;
  hsa_signal_t done;
  uint64_t start, t0, t1, worst = 0;
  long i;

  test_init ();
  g = &test_gpus[0];
  CHECK (hsa_queue_create (g->agent, 64, HSA_QUEUE_TYPE_MULTI, NULL, NULL,
			   UINT32_MAX, UINT32_MAX, &q));
  CHECK (hsa_signal_create (1, 0, NULL, &done));
  start = test_now_ns ();
  for (i = 0; i < ROUNDS && test_now_ns () - start < BUDGET_NS; i++)
    {
      hsa_signal_store_relaxed (done, 1);
      t0 = test_now_ns ();
      test_barrier_and (q, NULL, 0, done);
      /* An active wait: this thread publishes the next packet as soon as
	 the processor completes this one.  */
      while (hsa_signal_wait_scacquire (done, HSA_SIGNAL_CONDITION_EQ, 0,
					LATE_NS * 2, HSA_WAIT_STATE_ACTIVE)
	     != 0)
	;
      t1 = test_now_ns ();
      if (t1 - t0 > worst)
	worst = t1 - t0;
      if (t1 - t0 > LATE_NS)
	{
	  fprintf (stderr, "FAIL: packet %ld processed %.1f ms after its "
		   "doorbell rang\n", i, (double) (t1 - t0) / 1e6);
	  return 1;
	}
    }
  printf ("%ld packets, the slowest in %.1f us\n", i, (double) worst / 1e3);
  ASSERT (i > 1000);
  CHECK (hsa_signal_destroy (done));
  CHECK (hsa_queue_destroy (q));
  puts ("all on time");
  return 0;
}

/* { dg-final { gomptarget-output-includes {all on time} } } */
