/* { dg-set-target-env-var LD_PRELOAD "@PLUGINDIR@/libhsa-runtime64.so.1" } */

/* Barrier-AND packets hold back the packets behind them until all their
   dependency signals are 0, across queues; barriers without dependencies
   or with signals already 0 pass at once; a dependency that is not a
   live signal is a queue error reported to the queue's callback.  */

#include <time.h>
#include "emul-hsa-test.h"

#pragma omp declare target
int seq;
int order[4];
#pragma omp end declare target

void kern_first (void);
void kern_second (void);

void
kern_first (void)
{
#pragma omp target
  order[seq++] = 1;
}

void
kern_second (void)
{
#pragma omp target
  order[seq++] = 2;
}

static void
sleep_ms (int ms)
{
  struct timespec ts = { 0, ms * 1000000L };
  nanosleep (&ts, NULL);
}

static hsa_status_t error_status;
static hsa_queue_t *error_queue;

static void
on_error (hsa_status_t status, hsa_queue_t *source, void *data)
{
  ASSERT (data == &error_status);
  error_queue = source;
  __atomic_store_n (&error_status, status, __ATOMIC_RELEASE);
}

int
main (void)
{
  struct test_agent *g;
  hsa_executable_t exec;
  struct test_kernel k1, k2;
  hsa_queue_t *q1, *q2, *q3;
  hsa_signal_t gate, k2done, bdone, k1done, zero[5], dead;
  int i;

  test_init ();
  g = &test_gpus[0];
  exec = test_load (g);
  k1 = test_kernel (exec, g, "kern_first._omp_fn.0.kd");
  k2 = test_kernel (exec, g, "kern_second._omp_fn.0.kd");
  CHECK (hsa_queue_create (g->agent, 64, HSA_QUEUE_TYPE_MULTI, NULL, NULL,
			   UINT32_MAX, UINT32_MAX, &q1));
  CHECK (hsa_queue_create (g->agent, 64, HSA_QUEUE_TYPE_MULTI, NULL, NULL,
			   UINT32_MAX, UINT32_MAX, &q2));
  CHECK (hsa_signal_create (1, 0, NULL, &gate));
  CHECK (hsa_signal_create (1, 0, NULL, &k2done));
  CHECK (hsa_signal_create (1, 0, NULL, &bdone));
  CHECK (hsa_signal_create (1, 0, NULL, &k1done));

  /* q1: wait for the gate and for q2's kernel, then run the first.  */
  {
    hsa_signal_t deps[2] = { gate, k2done };
    test_barrier_and (q1, deps, 2, bdone);
  }
  test_dispatch (q1, &k1, test_kernargs (g, NULL), 1, 1, k1done);
  sleep_ms (100);
  ASSERT (hsa_signal_load_acquire (bdone) == 1);
  ASSERT (hsa_signal_load_acquire (k1done) == 1 && seq == 0);

  hsa_signal_store_screlease (gate, 0);
  sleep_ms (50);
  ASSERT (hsa_signal_load_acquire (bdone) == 1 && seq == 0);

  test_dispatch (q2, &k2, test_kernargs (g, NULL), 1, 1, k2done);
  test_wait (k1done, NULL);
  ASSERT (hsa_signal_load_acquire (bdone) == 0);
  ASSERT (hsa_signal_load_acquire (k2done) == 0);
  ASSERT (seq == 2 && order[0] == 2 && order[1] == 1);

  /* Five dependencies already 0, and none at all.  */
  for (i = 0; i < 5; i++)
    CHECK (hsa_signal_create (0, 0, NULL, &zero[i]));
  hsa_signal_store_relaxed (bdone, 2);
  test_barrier_and (q1, zero, 5, bdone);
  test_barrier_and (q1, zero, 0, bdone);
  test_wait (bdone, NULL);
  ASSERT (hsa_queue_load_read_index_acquire (q1) == 4);

  /* A destroyed signal as a dependency.  */
  CHECK (hsa_signal_create (1, 0, NULL, &dead));
  CHECK (hsa_signal_destroy (dead));
  CHECK (hsa_queue_create (g->agent, 64, HSA_QUEUE_TYPE_MULTI, on_error,
			   &error_status, UINT32_MAX, UINT32_MAX, &q3));
  hsa_signal_store_relaxed (bdone, 1);
  test_barrier_and (q3, &dead, 1, bdone);
  while (__atomic_load_n (&error_status, __ATOMIC_ACQUIRE) == 0)
    sleep_ms (1);
  ASSERT (error_status == HSA_STATUS_ERROR_INVALID_SIGNAL);
  ASSERT (error_queue == q3);
  ASSERT (hsa_signal_load_acquire (bdone) == 1);

  CHECK (hsa_queue_destroy (q3));
  CHECK (hsa_queue_destroy (q2));
  CHECK (hsa_queue_destroy (q1));
  puts ("ordered");
  return 0;
}

/* { dg-final { gomptarget-output-includes {ordered} } } */
/* The emulated runtime names the bad dependency.  */
/* { dg-final { gomptarget-output-includes {dep_signal 0x[0-9a-f]+ is not a live signal} } } */
