/* { dg-set-target-env-var LD_PRELOAD "@PLUGINDIR@/libhsa-runtime64.so.1" } */

/* A kernarg block without a console ring (out_ptr 0): what the kernel
   prints is dropped and its exit value lost, each with a diagnostic; the
   kernel still ends and its completion signal is signalled.  */

#include "emul-hsa-test.h"

void kern_lost (void);

void
kern_lost (void)
{
#pragma omp target
  {
    void (*volatile end) (int) = exit;
    printf ("lost\n");
    end (2);
  }
}

int
main (void)
{
  struct test_agent *g;
  hsa_executable_t exec;
  struct test_kernel k;
  struct gcn_kernargs_gcc12 *ka;
  hsa_queue_t *q;
  hsa_signal_t done;

  test_init ();
  g = &test_gpus[0];
  exec = test_load (g);
  k = test_kernel (exec, g, "kern_lost._omp_fn.0.kd");
  ka = test_kernargs (g, NULL);
  ka->out_ptr = 0;
  CHECK (hsa_queue_create (g->agent, 64, HSA_QUEUE_TYPE_MULTI, NULL, NULL,
			   UINT32_MAX, UINT32_MAX, &q));
  CHECK (hsa_signal_create (1, 0, NULL, &done));
  test_dispatch (q, &k, ka, 1, 1, done);
  test_wait (done, NULL);
  ASSERT (ka->output_data.next_output == 0);
  ASSERT ((uint32_t) ka->output_data.return_value == GCN_EXIT_UNSET);
  puts ("still here");
  return 0;
}

/* { dg-final { gomptarget-output-excludes {(^|\n)lost\n} } } */
/* { dg-final { gomptarget-output-includes {hsa-emul: kernel kern_lost._omp_fn.0.kd writes console output, but its kernarg block has no out_ptr: output dropped} } } */
/* { dg-final { gomptarget-output-includes {hsa-emul: kernel kern_lost._omp_fn.0.kd ends by exit, but its kernarg block has no out_ptr} } } */
/* { dg-final { gomptarget-output-includes {still here} } } */
