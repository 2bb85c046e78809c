/* { dg-set-target-env-var LD_PRELOAD "@PLUGINDIR@/libhsa-runtime64.so.1" } */
/* { dg-set-target-env-var GOMPTARGET_EMUL_HSA_FAULT "kernel=kern_b._omp_fn.0" } */

/* An injected kernel fault: the queue's callback gets
   HSA_STATUS_ERROR_EXCEPTION and the queue, whose error it reports; the
   faulting kernel does not run and its completion signal is not
   signalled; the queue processes nothing more; other kernels and queues
   are not affected.  */

#include <time.h>
#include "emul-hsa-test.h"

#pragma omp declare target
int ran_a, ran_b;
#pragma omp end declare target

void kern_a (void);
void kern_b (void);

void
kern_a (void)
{
#pragma omp target
  ran_a++;
}

void
kern_b (void)
{
#pragma omp target
  ran_b++;
}

static hsa_status_t error_status;
static hsa_queue_t *error_queue;
static int errors;

static void
on_error (hsa_status_t status, hsa_queue_t *source, void *data)
{
  ASSERT (data == &errors);
  error_queue = source;
  errors++;
  __atomic_store_n (&error_status, status, __ATOMIC_RELEASE);
}

int
main (void)
{
  struct test_agent *g;
  hsa_executable_t exec;
  struct test_kernel ka, kb;
  hsa_queue_t *q, *q2;
  hsa_signal_t sa, sb, sc, sd;
  struct timespec ts = { 0, 100 * 1000 * 1000 };

  test_init ();
  g = &test_gpus[0];
  exec = test_load (g);
  ka = test_kernel (exec, g, "kern_a._omp_fn.0.kd");
  kb = test_kernel (exec, g, "kern_b._omp_fn.0.kd");
  CHECK (hsa_queue_create (g->agent, 64, HSA_QUEUE_TYPE_MULTI, on_error,
			   &errors, UINT32_MAX, UINT32_MAX, &q));
  CHECK (hsa_signal_create (1, 0, NULL, &sa));
  CHECK (hsa_signal_create (1, 0, NULL, &sb));
  CHECK (hsa_signal_create (1, 0, NULL, &sc));
  CHECK (hsa_signal_create (1, 0, NULL, &sd));

  test_dispatch (q, &ka, test_kernargs (g, NULL), 1, 1, sa);
  test_wait (sa, NULL);
  ASSERT (ran_a == 1);

  test_dispatch (q, &kb, test_kernargs (g, NULL), 1, 1, sb);
  test_dispatch (q, &ka, test_kernargs (g, NULL), 1, 1, sc);
  while (__atomic_load_n (&error_status, __ATOMIC_ACQUIRE) == 0)
    ;
  ASSERT (error_status == HSA_STATUS_ERROR_EXCEPTION);
  ASSERT (error_queue == q && errors == 1);
  nanosleep (&ts, NULL);
  ASSERT (hsa_signal_wait_acquire (sb, HSA_SIGNAL_CONDITION_LT, 1, 1000000,
				   HSA_WAIT_STATE_BLOCKED) == 1);
  ASSERT (hsa_signal_load_acquire (sc) == 1);
  ASSERT (ran_b == 0 && ran_a == 1);
  ASSERT (hsa_queue_load_read_index_acquire (q) == 1);

  CHECK (hsa_queue_create (g->agent, 64, HSA_QUEUE_TYPE_MULTI, on_error,
			   &errors, UINT32_MAX, UINT32_MAX, &q2));
  test_dispatch (q2, &ka, test_kernargs (g, NULL), 1, 1, sd);
  test_wait (sd, NULL);
  ASSERT (ran_a == 2 && errors == 1);
  CHECK (hsa_queue_destroy (q));
  CHECK (hsa_queue_destroy (q2));
  puts ("fault reported");
  return 0;
}

/* { dg-final { gomptarget-output-includes {fault reported} } } */
