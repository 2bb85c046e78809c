/* { dg-set-target-env-var LD_PRELOAD "@PLUGINDIR@/libhsa-runtime64.so.1" } */
/* { dg-set-target-env-var GOMPTARGET_EMUL_HSA_AGENTS "3" } */
/* { dg-set-target-env-var GOMPTARGET_EMUL_HSA_ISA "gfx906,gfx90a,gfx1100" } */
/* { dg-set-target-env-var GOMPTARGET_EMUL_HSA_CUS "30,50" } */

/* The configured agents (count, ISA names, compute units), and a gfx906
   image: loaded for the gfx906 agent, refused with
   HSA_STATUS_ERROR_INVALID_ISA by the others; a gfx906 kernel object
   dispatched on another agent's queue is a queue error.  */

#include "emul-hsa-test.h"

void kern (void);

void
kern (void)
{
#pragma omp target
  ;
}

static hsa_status_t error_status;

static void
on_error (hsa_status_t status, hsa_queue_t *source, void *data)
{
  (void) source;
  (void) data;
  __atomic_store_n (&error_status, status, __ATOMIC_RELEASE);
}

int
main (void)
{
  hsa_code_object_t co;
  hsa_executable_t exec, other;
  struct test_kernel k;
  hsa_queue_t *q;
  hsa_signal_t done;
  uint32_t cus;
  int i;

  test_init ();
  ASSERT (test_ngpus == 3);
  ASSERT (strcmp (test_gpus[0].name, "gfx906") == 0);
  ASSERT (strcmp (test_gpus[1].name, "gfx90a") == 0);
  ASSERT (strcmp (test_gpus[2].name, "gfx1100") == 0);
  CHECK (hsa_agent_get_info (test_gpus[0].agent, (hsa_agent_info_t)
			     HSA_AMD_AGENT_INFO_COMPUTE_UNIT_COUNT, &cus));
  ASSERT (cus == 30);
  CHECK (hsa_agent_get_info (test_gpus[2].agent, (hsa_agent_info_t)
			     HSA_AMD_AGENT_INFO_COMPUTE_UNIT_COUNT, &cus));
  ASSERT (cus == 50);

  exec = test_load (&test_gpus[0]);
  CHECK (hsa_code_object_deserialize ((void *) test_image, test_image_size,
				      NULL, &co));
  for (i = 1; i < 3; i++)
    {
      CHECK (hsa_executable_create (HSA_PROFILE_FULL,
				    HSA_EXECUTABLE_STATE_UNFROZEN, NULL,
				    &other));
      EXPECT (hsa_executable_load_code_object (other, test_gpus[i].agent, co,
					       NULL),
	      HSA_STATUS_ERROR_INVALID_ISA);
      CHECK (hsa_executable_destroy (other));
    }
  /* The CPU agent runs no kernels.  */
  CHECK (hsa_executable_create (HSA_PROFILE_FULL,
				HSA_EXECUTABLE_STATE_UNFROZEN, NULL, &other));
  EXPECT (hsa_executable_load_code_object (other, test_cpu, co, NULL),
	  HSA_STATUS_ERROR_INVALID_AGENT);
  CHECK (hsa_code_object_destroy (co));

  k = test_kernel (exec, &test_gpus[0], "kern._omp_fn.0.kd");
  CHECK (hsa_queue_create (test_gpus[1].agent, 64, HSA_QUEUE_TYPE_MULTI,
			   on_error, NULL, UINT32_MAX, UINT32_MAX, &q));
  CHECK (hsa_signal_create (1, 0, NULL, &done));
  test_dispatch (q, &k, test_kernargs (&test_gpus[1], NULL), 1, 1, done);
  while (__atomic_load_n (&error_status, __ATOMIC_ACQUIRE) == 0)
    ;
  ASSERT (error_status == HSA_STATUS_ERROR_INVALID_AGENT);
  ASSERT (hsa_signal_load_acquire (done) == 1);
  puts ("isa checked");
  return 0;
}

/* { dg-final { gomptarget-output-includes {isa checked} } } */
