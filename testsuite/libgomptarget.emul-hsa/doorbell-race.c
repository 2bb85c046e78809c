/* { dg-set-target-env-var LD_PRELOAD "@PLUGINDIR@/libhsa-runtime64.so.1" } */

/* A packet published and rung while the packet processor looks for the
   next one is processed at once: the processor reads the doorbell before
   the header, so that it never takes the ring of the packet it has just
   seen invalid for one still to come and sleeps until its idle timeout
   (100 ms).  The host publishes a barrier packet the moment the one
   before it completes, again and again, so that the two meet, and no
   packet may take 50 ms (at most 3 s of rounds).  A packet late while
   the whole process was stopped (a virtual machine whose processors its
   host takes away for as long, seen on CI's machines: 857 ms once) is
   not the processor's fault: a thread of the test that sleeps 1 ms at a
   time, and has a processor to itself while the processor sleeps, sees
   such a stop as a gap in its own waking; a packet late within such a
   gap is not counted.  */

#include "emul-hsa-test.h"

#include <pthread.h>
#include <time.h>

#pragma omp declare target
int unused;
#pragma omp end declare target

#define ROUNDS 1000000
#define BUDGET_NS 3000000000ull
#define LATE_NS 50000000ull
/* A gap of the watcher's this long is the process stopped.  */
#define STOP_NS 20000000ull
/* The most stops forgiven: more, and the test says it cannot tell.  */
#define MAX_STOPS 8

/* The watcher's last stops, from START to END (ring of 16), and
   whether it should end.  */
static struct { uint64_t start, end; } stops[16];
static unsigned nstops;
static pthread_mutex_t stops_lock = PTHREAD_MUTEX_INITIALIZER;
static int watching = 1;

static void *
watcher (void *arg)
{
  uint64_t last = test_now_ns ();
  struct timespec ms = { 0, 1000000 };

  (void) arg;
  while (__atomic_load_n (&watching, __ATOMIC_RELAXED))
    {
      uint64_t now;

      nanosleep (&ms, NULL);
      now = test_now_ns ();
      if (now - last > STOP_NS)
	{
	  pthread_mutex_lock (&stops_lock);
	  stops[nstops % 16].start = last;
	  stops[nstops % 16].end = now;
	  nstops++;
	  pthread_mutex_unlock (&stops_lock);
	}
      last = now;
    }
  return NULL;
}

/* The longest part of [T0, T1] the watcher saw the process stopped.  */
static uint64_t
stopped_within (uint64_t t0, uint64_t t1)
{
  uint64_t most = 0;

  pthread_mutex_lock (&stops_lock);
  for (unsigned k = 0; k < 16 && k < nstops; k++)
    {
      uint64_t a = stops[k].start > t0 ? stops[k].start : t0;
      uint64_t b = stops[k].end < t1 ? stops[k].end : t1;
      if (b > a && b - a > most)
	most = b - a;
    }
  pthread_mutex_unlock (&stops_lock);
  return most;
}

int
main (void)
{
  struct test_agent *g;
  hsa_queue_t *q;
  hsa_signal_t done;
  uint64_t start, t0, t1, worst = 0;
  long i;
  int forgiven = 0;
  pthread_t w;

  test_init ();
  if (pthread_create (&w, NULL, watcher, NULL) != 0)
    {
      fprintf (stderr, "FAIL: no watcher thread\n");
      return 1;
    }
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
      if (t1 - t0 > LATE_NS)
	{
	  /* The watcher records a stop once it has woken: give it time
	     to.  */
	  struct timespec pause = { 0, 3 * 1000000 };
	  uint64_t stopped;

	  nanosleep (&pause, NULL);
	  stopped = stopped_within (t0, t1);
	  if (t1 - t0 - stopped > LATE_NS)
	    {
	      fprintf (stderr, "FAIL: packet %ld processed %.1f ms after its "
		       "doorbell rang (the process stopped %.1f ms of "
		       "them)\n", i, (double) (t1 - t0) / 1e6,
		       (double) stopped / 1e6);
	      return 1;
	    }
	  printf ("packet %ld: %.1f ms, %.1f ms of them with the process "
		  "stopped: not counted\n", i, (double) (t1 - t0) / 1e6,
		  (double) stopped / 1e6);
	  if (++forgiven > MAX_STOPS)
	    {
	      fprintf (stderr, "FAIL: the process was stopped %d times, "
		       "too often to tell\n", forgiven);
	      return 1;
	    }
	  continue;
	}
      if (t1 - t0 > worst)
	worst = t1 - t0;
    }
  __atomic_store_n (&watching, 0, __ATOMIC_RELAXED);
  pthread_join (w, NULL);
  printf ("%ld packets, the slowest in %.1f us\n", i, (double) worst / 1e3);
  ASSERT (i > 1000);
  CHECK (hsa_signal_destroy (done));
  CHECK (hsa_queue_destroy (q));
  puts ("all on time");
  return 0;
}

/* { dg-final { gomptarget-output-includes {all on time} } } */
