/* { dg-set-target-env-var LD_PRELOAD "@PLUGINDIR@/libhsa-runtime64.so.1" } */

/* Dispatch profiling as ROCr does it (hsa_ext_amd.h): a dispatch on a
   queue with hsa_amd_profiling_set_profiler_enabled notes its start and
   end in its completion signal, in the ticks of the HSA system clock
   (HSA_SYSTEM_INFO_TIMESTAMP), which hsa_amd_profiling_get_dispatch_time
   reads once it has completed: inside the host's readings of that clock
   around it, at least as long as the kernel ran.  A signal that
   completed no profiled dispatch gives zeros.  */

#include "emul-hsa-test.h"

#include <omp.h>

void kern_busy (void);

void
kern_busy (void)
{
  int a[1] = { 0 };
#pragma omp target map(tofrom: a)
  {
    double t = omp_get_wtime ();
    while (omp_get_wtime () - t < 0.02)
      ;
    a[0] = 1;
  }
}

int
main (void)
{
  int a[1] = { 0 };
  struct test_agent *g;
  hsa_executable_t exec;
  struct test_kernel k;
  struct gcn_kernargs_gcc12 *ka;
  hsa_queue_t *q;
  hsa_signal_t done;
  hsa_amd_profiling_dispatch_time_t t;
  uint64_t freq, t0, t1;
  void *da, *vars;

  test_init ();
  g = &test_gpus[0];
  exec = test_load (g);
  k = test_kernel (exec, g, "kern_busy._omp_fn.0.kd");
  CHECK (hsa_system_get_info (HSA_SYSTEM_INFO_TIMESTAMP_FREQUENCY, &freq));
  CHECK (hsa_queue_create (g->agent, 64, HSA_QUEUE_TYPE_MULTI, NULL, NULL,
			   UINT32_MAX, UINT32_MAX, &q));
  CHECK (hsa_signal_create (1, 0, NULL, &done));
  da = test_device_copy (g, a, sizeof a);
  vars = test_device_copy (g, &da, sizeof da);
  ka = test_kernargs (g, vars);

  /* Not profiled: nothing noted.  */
  test_dispatch (q, &k, ka, 1, 1, done);
  test_wait (done, &ka->output_data);
  CHECK (hsa_amd_profiling_get_dispatch_time (g->agent, done, &t));
  ASSERT (t.start == 0 && t.end == 0);

  EXPECT (hsa_amd_profiling_set_profiler_enabled (NULL, 1),
	  HSA_STATUS_ERROR_INVALID_ARGUMENT);
  CHECK (hsa_amd_profiling_set_profiler_enabled (q, 1));
  hsa_signal_store_relaxed (done, 1);
  CHECK (hsa_system_get_info (HSA_SYSTEM_INFO_TIMESTAMP, &t0));
  test_dispatch (q, &k, ka, 1, 1, done);
  test_wait (done, &ka->output_data);
  CHECK (hsa_system_get_info (HSA_SYSTEM_INFO_TIMESTAMP, &t1));
  CHECK (hsa_amd_profiling_get_dispatch_time (g->agent, done, &t));
  ASSERT (t0 <= t.start && t.start <= t.end && t.end <= t1);
  ASSERT ((double) (t.end - t.start) / (double) freq >= 0.02);
  EXPECT (hsa_amd_profiling_get_dispatch_time (g->agent, done, NULL),
	  HSA_STATUS_ERROR_INVALID_ARGUMENT);

  CHECK (hsa_memory_copy (a, da, sizeof a));
  ASSERT (a[0] == 1);
  CHECK (hsa_signal_destroy (done));
  CHECK (hsa_queue_destroy (q));
  CHECK (hsa_memory_free (ka));
  CHECK (hsa_executable_destroy (exec));
  CHECK (hsa_shut_down ());
  puts ("done");
  return 0;
}

/* { dg-final { gomptarget-output-includes {done} } } */
