/* { dg-set-target-env-var LD_PRELOAD "@PLUGINDIR@/libhsa-runtime64.so.1" } */

/* Linked with libgomptarget (tests named *-gomptarget.c are, when its
   GOMPTARGET_PLUGIN_run_host_region exists): the kernel runs through that
   service as the initial thread of a device, and the threads of a
   parallel region inside it are kernel threads too: their printf goes
   into the ring.  */

#include <omp.h>
#include "emul-hsa-test.h"

void kern_par (void);

void
kern_par (void)
{
  int a[1] = { 5 };
#pragma omp target map(tofrom: a)
  {
    a[0] = omp_is_initial_device ();
#pragma omp parallel num_threads(4)
    printf ("thread %d of %d\n", omp_get_thread_num (),
	    omp_get_num_threads ());
  }
}

int
main (void)
{
  int a[1] = { 5 }, i;
  struct test_agent *g;
  hsa_executable_t exec;
  struct test_kernel k;
  struct gcn_kernargs_gcc12 *ka;
  hsa_queue_t *q;
  hsa_signal_t done;
  void *da, *vars;

  test_init ();
  g = &test_gpus[0];
  exec = test_load (g);
  k = test_kernel (exec, g, "kern_par._omp_fn.0.kd");
  da = test_device_copy (g, a, sizeof a);
  vars = test_device_copy (g, &da, sizeof da);
  ka = test_kernargs (g, vars);
  CHECK (hsa_queue_create (g->agent, 64, HSA_QUEUE_TYPE_MULTI, NULL, NULL,
			   UINT32_MAX, UINT32_MAX, &q));
  CHECK (hsa_signal_create (1, 0, NULL, &done));
  test_dispatch (q, &k, ka, 1, 4, done);
  test_wait (done, &ka->output_data);
  CHECK (hsa_memory_copy (a, da, sizeof a));
  ASSERT (a[0] == 0);
  ASSERT (ka->output_data.next_output == 4);
  for (i = 0; i < 4; i++)
    {
      char line[32];
      snprintf (line, sizeof line, "thread %d of 4\n", i);
      ASSERT (strstr (test_console, line) != NULL);
    }
  return 0;
}

/* { dg-final { gomptarget-output-count {^thread [0-3] of 4$} 4 } } */
